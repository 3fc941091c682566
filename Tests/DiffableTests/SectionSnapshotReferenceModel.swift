import Diffable

/// An obviously correct outline to check `DiffableDataSourceSectionSnapshot` against: each
/// parent keeps the list of its children, and every answer is computed from scratch by
/// walking that tree. Slow, small and direct, on purpose.
struct SectionSnapshotReferenceModel: Equatable {
  /// The key under which the root items are listed in `children`.
  static let root = -1

  /// The children of each item, in order; the roots under `root`.
  var children: [Int: [Int]] = [root: []]
  /// The parent of each item (`root` for root items).
  var parents: [Int: Int] = [:]
  var expanded: Set<Int> = []

  init() {}

  /// Builds the model of an existing section snapshot from its public queries only, to
  /// compare a snapshot that was built some other way (decoded, extracted).
  init(_ snapshot: DiffableDataSourceSectionSnapshot<Int>) {
    for item in snapshot.items {
      let parent = snapshot.parent(of: item) ?? Self.root
      parents[item] = parent
      children[parent, default: []].append(item)
      children[item] = children[item] ?? []
      if snapshot.isExpanded(item) { expanded.insert(item) }
    }
  }

  func contains(_ item: Int) -> Bool { parents[item] != nil }

  var count: Int { parents.count }

  // MARK: Queries, computed by walking the tree

  var items: [Int] { preorder(under: Self.root, visibleOnly: false) }

  var visibleItems: [Int] { preorder(under: Self.root, visibleOnly: true) }

  var rootItems: [Int] { children[Self.root]! }

  var expandedItems: [Int] { items.filter { expanded.contains($0) } }

  func preorder(under parent: Int, visibleOnly: Bool) -> [Int] {
    var result: [Int] = []
    for child in children[parent] ?? [] {
      result.append(child)
      if !visibleOnly || expanded.contains(child) {
        result += preorder(under: child, visibleOnly: visibleOnly)
      }
    }
    return result
  }

  func level(of item: Int) -> Int {
    var level = 0
    var current = parents[item]!
    while current != Self.root {
      level += 1
      current = parents[current]!
    }
    return level
  }

  func parent(of item: Int) -> Int? {
    guard let parent = parents[item], parent != Self.root else { return nil }
    return parent
  }

  func isVisible(_ item: Int) -> Bool {
    guard var current = parents[item] else { return false }
    while current != Self.root {
      if !expanded.contains(current) { return false }
      current = parents[current]!
    }
    return true
  }

  /// The descendants of `item` (or the item and its descendants), as a model of their own.
  func subtree(of item: Int, includingParent: Bool) -> Self {
    var result = Self()
    if includingParent {
      result.add(item, under: Self.root, from: self)
    } else {
      for child in children[item]! { result.add(child, under: Self.root, from: self) }
    }
    return result
  }

  private mutating func add(_ item: Int, under parent: Int, from source: Self) {
    parents[item] = parent
    children[parent, default: []].append(item)
    children[item] = []
    if source.expanded.contains(item) { expanded.insert(item) }
    for child in source.children[item]! { add(child, under: item, from: source) }
  }

  // MARK: Mutations, each the plainest edit of the tree

  mutating func append(_ items: [Int], to parent: Int?) {
    let parent = parent ?? Self.root
    for item in items {
      parents[item] = parent
      children[item] = []
    }
    children[parent]!.append(contentsOf: items)
  }

  mutating func insert(_ items: [Int], before destination: Int) {
    insert(items, nextTo: destination, offset: 0)
  }

  mutating func insert(_ items: [Int], after destination: Int) {
    insert(items, nextTo: destination, offset: 1)
  }

  private mutating func insert(_ items: [Int], nextTo destination: Int, offset: Int) {
    let parent = parents[destination]!
    for item in items {
      parents[item] = parent
      children[item] = []
    }
    let index = children[parent]!.firstIndex(of: destination)! + offset
    children[parent]!.insert(contentsOf: items, at: index)
  }

  mutating func insert(_ other: Self, before destination: Int) {
    insert(other.rootItems, before: destination)
    graft(other)
  }

  mutating func insert(_ other: Self, after destination: Int) {
    insert(other.rootItems, after: destination)
    graft(other)
  }

  /// Copies everything below the roots of `other`, whose roots are already in place.
  private mutating func graft(_ other: Self) {
    for (item, parent) in other.parents where parent != Self.root {
      parents[item] = parent
    }
    for (item, list) in other.children where item != Self.root { children[item] = list }
    expanded.formUnion(other.expanded)
  }

  mutating func delete(_ items: [Int]) {
    for item in items where contains(item) {
      let parent = parents[item]!
      children[parent]!.removeAll { $0 == item }
      forget(item)
    }
  }

  private mutating func forget(_ item: Int) {
    for child in children[item]! { forget(child) }
    children[item] = nil
    parents[item] = nil
    expanded.remove(item)
  }

  mutating func replace(childrenOf parent: Int, using other: Self) {
    for child in children[parent]! { forget(child) }
    children[parent] = other.rootItems
    for root in other.rootItems { parents[root] = parent }
    graft(other)
  }

  mutating func expand(_ items: [Int]) {
    for item in items where contains(item) { expanded.insert(item) }
  }

  mutating func collapse(_ items: [Int]) {
    for item in items { expanded.remove(item) }
  }

  mutating func deleteAll() {
    self = Self()
  }

  /// The section snapshot this model describes, built with `append` and `expand` alone.
  func makeSnapshot() -> DiffableDataSourceSectionSnapshot<Int> {
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    snapshot.append(rootItems)
    var pending = rootItems
    while let item = pending.popLast() {
      let list = children[item]!
      if !list.isEmpty {
        snapshot.append(list, to: item)
        pending += list
      }
    }
    snapshot.expand(Array(expanded))
    return snapshot
  }
}
