import Diffable
import Foundation
import FuzzSupport

/// libFuzzer's entry point: decodes the bytes as section snapshots (outlines) and, when they
/// decode, checks the result is a consistent outline that round-trips, answers its queries
/// in agreement with its levels and expansion, and survives the usual edits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSectionSnapshotDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  check(DiffableDataSourceSectionSnapshot<String>.self, from: bytes)
  check(DiffableDataSourceSectionSnapshot<Int>.self, from: bytes)
  return 0
}

private func check<Item: Codable & Hashable & Sendable>(
  _ type: DiffableDataSourceSectionSnapshot<Item>.Type, from bytes: Data
) {
  // Throwing is the decoder's answer to bad data; only what it accepts is checked.
  guard let outline = try? JSONDecoder().decode(type, from: bytes) else { return }
  let copy = checkRoundTrip(outline)
  guard copy.visibleItems == outline.visibleItems && copy.expandedItems == outline.expandedItems
  else {
    fuzzFailure("expansion changes over a round trip: \(outline) becomes \(copy)")
  }
  checkQueries(outline)
  _ = outline.description
  _ = outline.visualDescription()

  // A section of a full snapshot shows the visible rows, and diffs like any other.
  let shown = DiffableDataSourceSnapshot(section: 0, with: outline)
  guard shown.itemIdentifiers == outline.visibleItems else {
    fuzzFailure("a snapshot made from \(outline) shows \(shown.itemIdentifiers)")
  }
  checkDiff(from: DiffableDataSourceSnapshot(), to: shown)

  var expanded = outline
  expanded.expand(outline.items)
  guard expanded.visibleItems == outline.items else {
    fuzzFailure("with every item expanded, \(expanded) does not show every item")
  }
  checkQueries(expanded)
  var collapsed = expanded
  collapsed.collapse(outline.items)
  guard collapsed.visibleItems == outline.rootItems else {
    fuzzFailure("with every item collapsed, \(collapsed) does not show just its roots")
  }
  checkDiff(from: shown, to: DiffableDataSourceSnapshot(section: 0, with: expanded))

  guard let first = outline.rootItems.first else { return }
  let subtree = outline.snapshot(of: first, includingParent: true)
  guard subtree.items == Array(outline.items.prefix(subtree.items.count)) else {
    fuzzFailure("the subtree of \(first) in \(outline) is \(subtree)")
  }
  checkQueries(subtree)
  var pruned = outline
  pruned.delete([first])
  guard pruned.items == Array(outline.items.dropFirst(subtree.items.count)) else {
    fuzzFailure("deleting \(first) from \(outline) leaves \(pruned)")
  }
  checkQueries(pruned)
}

/// Levels, parents, visibility and the derived lists agree with each other.
private func checkQueries<Item>(_ outline: DiffableDataSourceSectionSnapshot<Item>) {
  let items = outline.items
  let expanded = Set(outline.expandedItems)
  var ancestors: [Item] = []
  var visible: [Item] = []
  for (position, item) in items.enumerated() {
    let level = outline.level(of: item)
    guard level <= ancestors.count, outline.index(of: item) == position, outline.contains(item)
    else {
      fuzzFailure("item \(item) at \(position) has level \(level) in \(outline)")
    }
    ancestors.removeLast(ancestors.count - level)
    guard outline.parent(of: item) == ancestors.last else {
      fuzzFailure("item \(item) has parent \(String(describing: outline.parent(of: item)))")
    }
    let shouldShow = ancestors.allSatisfy { expanded.contains($0) }
    guard outline.isVisible(item) == shouldShow else {
      fuzzFailure("item \(item) visibility is wrong in \(outline)")
    }
    if shouldShow { visible.append(item) }
    ancestors.append(item)
  }
  let roots = items.filter { outline.level(of: $0) == 0 }
  guard visible == outline.visibleItems && outline.rootItems == roots else {
    fuzzFailure("visible or root items are wrong in \(outline)")
  }
}
