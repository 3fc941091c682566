import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// The batch between two states of an outline, as a list shows them: expanding inserts the
/// rows that appear, collapsing deletes the rows that disappear, and nothing moves.
@Suite("Section snapshot: batch updates between outline states")
struct SectionSnapshotBatchUpdateTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>

  /// The sidebar in section 1, below a header section, as a data source would hold it.
  static func rows(_ outline: DiffableDataSourceSectionSnapshot<String>) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["Header", "Sidebar"])
    snapshot.appendItems(["Title"], toSection: "Header")
    snapshot.replaceItems(inSection: "Sidebar", with: outline)
    return snapshot
  }

  static func sidebar(_ row: Int) -> IndexPath { IndexPath(item: row, section: 1) }

  /// Replays the batch with `BatchUpdateSimulator`, which enforces a list view's rules,
  /// and checks that it lands on `new` with every surviving row keeping its cell.
  static func replay<Section, Item>(
    _ update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<Section, Item>,
    to new: DiffableDataSourceSnapshot<Section, Item>
  ) throws -> BatchUpdateReplay<Section, Item> {
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
    try replay.checkIdentityPreserved()
    return replay
  }

  @Test func expandingInsertsTheChildrenBelowTheParent() throws {
    var outline = SectionSnapshotSidebar.make()
    let before = Self.rows(outline)
    outline.expand(["Collections"])
    let after = Self.rows(outline)
    let update = BatchUpdate(from: before, to: after)
    // Library 0, Collections 1, Breakfast 2, Desserts 3, Favorites 4.
    #expect(update == BatchUpdate(insertedItems: [Self.sidebar(2), Self.sidebar(3)]))
    let replay = try Self.replay(update, from: before, to: after)
    #expect(
      replay.sections[1].cells.map(\.origin) == [
        .kept(from: Self.sidebar(0)), .kept(from: Self.sidebar(1)), .inserted, .inserted,
        .kept(from: Self.sidebar(2)),
      ])
  }

  @Test func collapsingDeletesTheRowsThatDisappear() throws {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Breakfast"])
    let before = Self.rows(outline)
    outline.collapse(["Collections"])
    let after = Self.rows(outline)
    let update = BatchUpdate(from: before, to: after)
    // Breakfast 2, Pancakes 3, Waffles 4, Desserts 5 in the old rows.
    #expect(update == BatchUpdate(deletedItems: (2...5).map(Self.sidebar)))
    let replay = try Self.replay(update, from: before, to: after)
    #expect(replay.sections[1].cells.map(\.identifier) == ["Library", "Collections", "Favorites"])
  }

  @Test func reopeningAnAncestorShowsTheSubtreeAsItWasLeft() throws {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Breakfast", "Desserts"])
    let before = Self.rows(outline)
    outline.expand(["Collections"])
    let after = Self.rows(outline)
    #expect(after.itemIdentifiers(inSection: "Sidebar") == SectionSnapshotSidebar.preorder)
    let update = BatchUpdate(from: before, to: after)
    #expect(update == BatchUpdate(insertedItems: (2...6).map(Self.sidebar)))
    _ = try Self.replay(update, from: before, to: after)
  }

  @Test func guideExample() {
    // The sidebar of Guides/SectionSnapshot.md, with recipes as strings.
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["library", "collections", "favorites"])
    outline.append(["Breakfast"], to: "collections")
    outline.append(["recipe 1", "recipe 2"], to: "Breakfast")
    outline.append(["Desserts"], to: "collections")
    outline.append(["recipe 3"], to: "Desserts")
    outline.expand(["collections"])
    let before = Self.rows(outline)
    outline.expand(["Desserts"])
    let update = BatchUpdate(from: before, to: Self.rows(outline))
    #expect(update.insertedItems == [IndexPath(item: 4, section: 1)])
    #expect(update.deletedItems.isEmpty && update.movedItems.isEmpty)
  }

  /// Random outlines and random single expands and collapses: the batch inserts exactly the
  /// newly visible items at their new rows, or deletes exactly the hidden ones at their old
  /// rows, never moves, and the simulator's replay lands on the new rows with every other
  /// row keeping its cell.
  @Test func randomExpandsAndCollapses() throws {
    let seed = RandomizedTesting.seed("SectionSnapshotBatchUpdateTests")
    var random = SeededGenerator(seed: seed)
    for round in 0..<(20 * max(1, RandomizedTesting.multiplier)) {
      var model = SectionSnapshotReferenceModel()
      for item in 0..<Int.random(in: 1...120, using: &random) {
        let parent = Bool.random(using: &random) ? model.items.randomElement(using: &random) : nil
        model.append([item], to: parent)
        if Int.random(in: 0..<3, using: &random) > 0 { model.expand([item]) }
      }
      var outline = model.makeSnapshot()
      for _ in 0..<20 {
        let target = model.items.randomElement(using: &random)!
        let old = rows(outline)
        let oldVisible = outline.visibleItems
        let expanding = !outline.isExpanded(target)
        if expanding { outline.expand([target]) } else { outline.collapse([target]) }
        let new = rows(outline)
        let newVisible = outline.visibleItems
        let update = BatchUpdate(from: old, to: new)
        let context = "seed \(seed), round \(round), \(expanding ? "expand" : "collapse") \(target)"

        try #require(update.movedItems.isEmpty, "\(context)")
        try #require(update.deletedSections.isEmpty && update.insertedSections.isEmpty)
        try #require(update.movedSections.isEmpty && update.reloadedItems.isEmpty)
        let oldSet = Set(oldVisible)
        let newSet = Set(newVisible)
        let appeared = newVisible.indices.filter { !oldSet.contains(newVisible[$0]) }
        let disappeared = oldVisible.indices.filter { !newSet.contains(oldVisible[$0]) }
        try #require(
          update.insertedItems == appeared.map { IndexPath(item: $0, section: 0) }, "\(context)")
        try #require(
          update.deletedItems == disappeared.map { IndexPath(item: $0, section: 0) }, "\(context)")
        // Only the target's own visible descendants come or go, just below it; nothing
        // when the target itself is hidden.
        let changed =
          expanding ? appeared.map { newVisible[$0] } : disappeared.map { oldVisible[$0] }
        let expected = model.isVisible(target) ? model.visibleDescendants(of: target) : []
        try #require(changed == expected, "\(context)")
        if let first = expanding ? appeared.first : disappeared.first {
          let parentRow = (expanding ? newVisible : oldVisible).firstIndex(of: target)
          try #require(first == parentRow.map { $0 + 1 }, "\(context)")
        }
        let replay = try Self.replay(update, from: old, to: new)
        let inserted = replay.sections.flatMap(\.cells).filter { $0.origin == .inserted }
        try #require(inserted.map(\.identifier) == appeared.map { newVisible[$0] }, "\(context)")
        if expanding { model.expand([target]) } else { model.collapse([target]) }
      }
    }
  }

  func rows(_ outline: DiffableDataSourceSectionSnapshot<Int>) -> DiffableDataSourceSnapshot<
    Int, Int
  > {
    DiffableDataSourceSnapshot(section: 0, with: outline)
  }
}

extension SectionSnapshotReferenceModel {
  /// The descendants of `item` that are visible when it and its ancestors are expanded,
  /// in pre-order.
  func visibleDescendants(of item: Int) -> [Int] {
    preorder(under: item, visibleOnly: true)
  }
}
