import Diffable
import DiffableTestSupport
import Testing

/// Complexity fences: the documented costs, checked by counting hashes and comparisons of
/// identifiers (never by timing). Off under `DIFFABLE_INTERNAL_CHECKS`, whose O(n) checks
/// after every mutation compare identifiers on purpose.
@Suite(
  "Section snapshot: complexity",
  .disabled(
    if: DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants,
    "internal checks compare identifiers after every mutation"))
struct SectionSnapshotComplexityTests {
  typealias Item = CountedID
  typealias Outline = DiffableDataSourceSectionSnapshot<Item>

  /// Runs `body` and returns the hashes and comparisons of identifiers it made.
  static func count(_ body: () -> Void) -> (hashes: Int, equalities: Int) {
    let counter = OperationCounter.measure(body)
    return (counter.hashes, counter.equalities)
  }

  /// `groups` roots, each with `width` children, each child with `width` grandchildren:
  /// `groups * (1 + width + width * width)` items. Item values are their pre-order
  /// positions.
  static func makeOutline(groups: Int, width: Int) -> Outline {
    var outline = Outline()
    var next = 0
    for _ in 0..<groups {
      let root = Item(next)
      next += 1
      outline.append([root])
      for _ in 0..<width {
        let child = Item(next)
        next += 1
        outline.append([child], to: root)
        outline.append((next..<next + width).map(Item.init), to: child)
        next += width
      }
    }
    return outline
  }

  @Test(arguments: [1, 40])
  func lookupsCostOneHashWhateverTheSize(groups: Int) {
    // 111 items per group: 111 or 4,440 items.
    var outline = Self.makeOutline(groups: groups, width: 10)
    outline.expand(outline.items.filter { $0.value % 3 == 0 })
    let probes = (0..<200).map { Item(($0 * 7919) % outline.items.count) }
    let missing = (0..<50).map { Item(-1 - $0) }
    let lookups: [(String, (Item) -> Void)] = [
      ("contains", { _ = outline.contains($0) }),
      ("index(of:)", { _ = outline.index(of: $0) }),
      ("level(of:)", { _ = outline.level(of: $0) }),
      ("parent(of:)", { _ = outline.parent(of: $0) }),
      ("isExpanded", { _ = outline.isExpanded($0) }),
      ("isVisible", { _ = outline.isVisible($0) }),
    ]
    for (name, lookup) in lookups {
      let cost = Self.count { for item in probes { lookup(item) } }
      #expect(cost.hashes == probes.count, "\(name)")
      // The ordered set probes linearly and compares each occupied bucket it passes:
      // at its highest load (3/4) a hit passes 2.5 buckets on average and a miss 8.5.
      // The hash seed changes per process, so the bounds are averages with room to spare,
      // the same for both sizes.
      #expect(cost.equalities <= probes.count * 3, "\(name): \(cost.equalities)")
      if name != "level(of:)" {
        let misses = Self.count { for item in missing { lookup(item) } }
        #expect(misses.hashes == missing.count, "\(name)")
        #expect(misses.equalities <= missing.count * 9, "\(name): \(misses.equalities)")
      }
    }
  }

  @Test func wholeOutlineQueriesNeverHash() {
    var outline = Self.makeOutline(groups: 5, width: 8)
    outline.expand([Item(0), Item(1)])
    let cost = Self.count {
      _ = outline.items
      _ = outline.visibleItems
      _ = outline.rootItems
      _ = outline.expandedItems
      _ = outline.visualDescription()
    }
    #expect(cost.hashes == 0 && cost.equalities == 0)
  }

  @Test func visibleItemsIsACachedAnswer() {
    var outline = Self.makeOutline(groups: 10, width: 10)
    outline.expand(outline.rootItems)
    let first = outline.visibleItems.withUnsafeBufferPointer { $0.baseAddress }
    let second = outline.visibleItems.withUnsafeBufferPointer { $0.baseAddress }
    #expect(first == second)
    // Expanding a hidden item leaves the cache untouched.
    let hiddenChild = Item(outline.index(of: Item(111))! + 2)
    #expect(!outline.isVisible(hiddenChild))
    outline.expand([hiddenChild])
    let third = outline.visibleItems.withUnsafeBufferPointer { $0.baseAddress }
    #expect(third == first)
  }

  /// Expanding or collapsing a node hashes it once and compares nothing else, whatever
  /// the size of the outline or of the node's subtree: the rows it shows or hides are
  /// found by position, not by identifier.
  @Test(arguments: [2, 60])
  func expandAndCollapseHashOnlyTheNamedItems(groups: Int) {
    // Each root has a 110-item subtree: 10 children of 10 grandchildren.
    var outline = Self.makeOutline(groups: groups, width: 10)
    let roots = outline.rootItems
    // Open every child so that expanding a root shows its whole subtree.
    outline.expand(outline.items.filter { outline.level(of: $0) == 1 })
    let target = roots[groups / 2]
    // Exactly the work of finding the item: the same hash and the same probe comparisons.
    let lookup = Self.count { _ = outline.contains(target) }
    #expect(lookup.hashes == 1)
    let expand = Self.count { outline.expand([target]) }
    #expect(expand == lookup)
    #expect(outline.visibleItems.count == roots.count + 110)
    let position = outline.visibleItems.firstIndex(of: target)!
    #expect(outline.visibleItems[position + 1].value == target.value + 1)
    #expect(outline.visibleItems[position + 110].value == target.value + 110)

    let collapse = Self.count { outline.collapse([target]) }
    #expect(collapse == lookup)
    #expect(outline.visibleItems == roots)

    // Expanding an item nobody can see only records the state.
    let hiddenChild = Item(target.value + 2)
    let hiddenLookup = Self.count { _ = outline.contains(hiddenChild) }
    let hidden = Self.count { outline.expand([hiddenChild]) }
    #expect(hidden == hiddenLookup)
  }

  @Test func buildingHashesEachItemAFewTimes() {
    var outline = Outline()
    let cost = Self.count { outline = Self.makeOutline(groups: 30, width: 10) }
    let items = outline.items.count
    // One hash to insert each item, one per parent lookup (fewer than one per item here),
    // plus the rehashing of an ordered set as it grows (under two per item in all).
    #expect(cost.hashes <= 4 * items, "\(cost.hashes) hashes for \(items) items")
  }

  @Test func appendingNearTheEndCostsTheNewItemsOnly() {
    var outline = Self.makeOutline(groups: 40, width: 10)
    let lastChild = Item(outline.items.count - 11)
    #expect(outline.level(of: lastChild) == 1)
    // Two rounds: a growing ordered set rehashes everything once, in at most one of them.
    var cheapest = Int.max
    for round in 0..<2 {
      let new = (0..<10).map { Item(100_000 + round * 10 + $0) }
      let cost = Self.count { outline.append(new, to: lastChild) }
      cheapest = min(cheapest, cost.hashes)
    }
    // Ten new items and the parent, plus repointing the few items the block slides past.
    #expect(cheapest <= 40, "\(cheapest)")
  }

  @Test func deletingAndReplacingASubtreeNearTheEndCostsItsSize() {
    var outline = Self.makeOutline(groups: 40, width: 10)
    let lastRoot = outline.rootItems.last!
    var replacement = Outline()
    replacement.append((0..<5).map { Item(200_000 + $0) })
    var replaced = outline
    let replace = Self.count { replaced.replace(childrenOf: lastRoot, using: replacement) }
    // 110 removed and 5 added, against 4,440 items in all.
    #expect(replace.hashes <= 3 * 115, "\(replace.hashes)")
    let delete = Self.count { outline.delete([lastRoot]) }
    #expect(delete.hashes <= 3 * 111, "\(delete.hashes)")
  }
}
