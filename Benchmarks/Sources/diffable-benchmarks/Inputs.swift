/// The flat diff scenarios: how the new list is made from the old one.
enum FlatMix: String, CaseIterable {
  /// 10% deleted, 10% inserted and 1% moved, all at random positions.
  case random = "random-10-10-1"
  /// DifferenceKit's published case: a contiguous 10% deleted (from 20%), a contiguous 10%
  /// inserted (at 50%), and the first 2% shuffled.
  case blocks
  /// The same items in a random order.
  case shuffle
  /// An equal list in separate storage (so no shortcut on shared buffers applies).
  case noChange = "no-change"
  /// Every item replaced by a new one.
  case allReplaced = "all-replaced"
}

/// Old and new lists as integer keys; keys become identifiers of any type.
struct FlatInput {
  var old: [UInt64]
  var new: [UInt64]
  /// Roughly the edit distance D (inserts plus deletes, a move counting as both). The
  /// standard library's Myers diff keeps O(D²) memory, which decides whether it can run.
  var estimatedEdits: Int
}

extension FlatInput {
  init(_ mix: FlatMix, count: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let old = (0..<UInt64(count)).map { $0 }
    let tenth = count / 10
    switch mix {
    case .random:
      let deleted = Set(randomPositions(tenth, of: count, &random))
      let survivors = old.indices.filter { !deleted.contains($0) }.map { old[$0] }
      let added = (0..<UInt64(tenth)).map { UInt64(count) + $0 }
      var new = scatter(added, into: survivors, &random)
      // Move 1% of the surviving items, each to a random place.
      let movable = new.indices.filter { new[$0] < UInt64(count) }
      let picked = Set(randomPositions(count / 100, of: movable.count, &random).map { movable[$0] })
      var moved = picked.map { new[$0] }
      moved.shuffle(using: &random)
      new = new.indices.filter { !picked.contains($0) }.map { new[$0] }
      new = scatter(moved, into: new, &random)
      self.init(old: old, new: new, estimatedEdits: 2 * tenth + 2 * moved.count)
    case .blocks:
      var new = old
      new.removeSubrange(2 * tenth..<3 * tenth)
      new.insert(contentsOf: (0..<UInt64(tenth)).map { UInt64(count) + $0 }, at: 5 * tenth)
      new[0..<count / 50].shuffle(using: &random)
      self.init(old: old, new: new, estimatedEdits: 2 * tenth + 2 * (count / 50))
    case .shuffle:
      self.init(old: old, new: old.shuffled(using: &random), estimatedEdits: 2 * count)
    case .noChange:
      self.init(old: old, new: old.map { $0 }, estimatedEdits: 0)
    case .allReplaced:
      let new = (0..<UInt64(count)).map { UInt64(count) + $0 }
      self.init(old: old, new: new, estimatedEdits: 2 * count)
    }
  }
}

/// The sectioned scenario: 100 sections of `count / 100` items; one section deleted, one
/// inserted, five moved, and 1% of the items moved across sections.
struct SectionedInput {
  typealias Sections = [(section: Int, items: [UInt64])]
  var old: Sections
  var new: Sections

  init(count: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let sectionCount = 100
    let perSection = count / sectionCount
    old = (0..<sectionCount).map { section in
      (section, (0..<perSection).map { UInt64(section * perSection + $0) })
    }
    var new = old
    new.remove(at: Int.random(in: 0..<new.count, using: &random))
    let fresh = (0..<perSection).map { UInt64(count + $0) }
    new.insert((sectionCount, fresh), at: Int.random(in: 0...new.count, using: &random))
    for _ in 0..<5 {
      var source = Int.random(in: 0..<new.count, using: &random)
      while new[source].section == sectionCount {
        source = Int.random(in: 0..<new.count, using: &random)
      }
      let section = new.remove(at: source)
      new.insert(section, at: Int.random(in: 0...new.count, using: &random))
    }
    for _ in 0..<count / 100 {
      let from = Int.random(in: 0..<new.count, using: &random)
      guard !new[from].items.isEmpty else { continue }
      var to = Int.random(in: 0..<new.count, using: &random)
      while to == from { to = Int.random(in: 0..<new.count, using: &random) }
      let item = new[from].items.remove(
        at: Int.random(in: 0..<new[from].items.count, using: &random))
      new[to].items.insert(item, at: Int.random(in: 0...new[to].items.count, using: &random))
    }
    self.new = new
  }
}

/// `count` distinct positions in `0..<total`, in random order.
func randomPositions(_ count: Int, of total: Int, _ random: inout SplitMix64) -> [Int] {
  var positions = Array(0..<total)
  for index in 0..<count {
    positions.swapAt(index, Int.random(in: index..<total, using: &random))
  }
  return Array(positions[0..<count])
}

/// `base` with `added` placed at random positions, in `added`'s order. O(n), unlike repeated
/// `insert(_:at:)`.
func scatter(_ added: [UInt64], into base: [UInt64], _ random: inout SplitMix64) -> [UInt64] {
  let total = base.count + added.count
  var slots = Array(repeating: false, count: total)
  for position in randomPositions(added.count, of: total, &random) { slots[position] = true }
  var result: [UInt64] = []
  result.reserveCapacity(total)
  var nextBase = 0
  var nextAdded = 0
  for slot in slots {
    if slot {
      result.append(added[nextAdded])
      nextAdded += 1
    } else {
      result.append(base[nextBase])
      nextBase += 1
    }
  }
  return result
}

/// The fewest item moves any diff of `old` → `new` needs: the items present in both, minus
/// a longest run of them that keeps its relative order (a longest increasing subsequence of
/// old positions, taken in new order).
func minimalMoves(old: [UInt64], new: [UInt64]) -> Int {
  var oldPosition: [UInt64: Int] = [:]
  for (index, key) in old.enumerated() { oldPosition[key] = index }
  var tails: [Int] = []  // tails[k]: the smallest last value of an increasing run of k+1
  var matched = 0
  for key in new {
    guard let position = oldPosition[key] else { continue }
    matched += 1
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < position { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  return matched - tails.count
}

/// Longest strictly increasing subsequence length (patience sorting).
func increasingRunLength(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

/// The fewest item moves a sectioned diff can make under the library's rules, worked out
/// here independently: sections outside a longest increasing run of old section positions
/// move, intact if their items are unchanged, otherwise replaced (deleted and inserted, so
/// their items are inserts, not moves). In every section that stays, an item from the same
/// old section moves unless it is in a longest increasing run of old positions; an item
/// from another section moves unless that section was deleted or replaced.
func minimalMoves(old: SectionedInput.Sections, new: SectionedInput.Sections) -> Int {
  var oldSectionIndex: [Int: Int] = [:]
  for (index, section) in old.enumerated() { oldSectionIndex[section.section] = index }
  var itemSection: [UInt64: Int] = [:]
  var itemPosition: [UInt64: Int] = [:]
  for (index, section) in old.enumerated() {
    for (position, item) in section.items.enumerated() {
      itemSection[item] = index
      itemPosition[item] = position
    }
  }
  // Which matched sections stay: a longest increasing run of their old indexes.
  let matched = new.compactMap { oldSectionIndex[$0.section] }
  var tails: [Int] = []  // indexes into `matched` of the run's tails
  var previous = Array(repeating: -1, count: matched.count)
  for (index, value) in matched.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if matched[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    previous[index] = low > 0 ? tails[low - 1] : -1
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var staying = Set<Int>()  // old section indexes that stay
  var next = tails.last ?? -1
  while next >= 0 {
    staying.insert(matched[next])
    next = previous[next]
  }
  var gone = Set(old.indices)  // every old section is gone unless it stays or moves intact
  for section in new {
    guard let source = oldSectionIndex[section.section] else { continue }
    if staying.contains(source) || old[source].items == section.items { gone.remove(source) }
  }
  var moves = 0
  for section in new {
    guard let source = oldSectionIndex[section.section], staying.contains(source) else {
      continue
    }
    var sameSection: [Int] = []
    for item in section.items {
      guard let from = itemSection[item] else { continue }
      if from == source {
        sameSection.append(itemPosition[item]!)
      } else if !gone.contains(from) {
        moves += 1
      }
    }
    moves += sameSection.count - increasingRunLength(sameSection)
  }
  return moves
}
