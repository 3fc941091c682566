import DiffableDataSource
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Data source: random applies")
struct DataSourceRandomizedTests {
  /// Random snapshots applied one after another (with marks, reloads and resets mixed in):
  /// the recording view must accept every batch, show exactly the snapshot, and keep the
  /// cell of every item that stays unless the item was reloaded.
  @Test func randomAppliesNeverProduceABatchTheViewRejects() {
    var pairs = RandomSnapshotPairs(seed: RandomizedTesting.seed("data-source-applies"))
    var reloads = SeededGenerator(seed: 1)
    let view = RecordingListView()
    view.invalidBatchPolicy = .record
    var configured = 0
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      configured += 1
      var content = cell.defaultContentConfiguration()
      content.text = "\(id)"
      cell.contentConfiguration = content
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
      view, indexPath, id in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
    for _ in 0..<(400 * RandomizedTesting.multiplier) {
      let (old, new) = pairs.next()
      if Int.random(in: 0..<5, using: &reloads) == 0 {
        dataSource.applySnapshotUsingReloadData(old)
      } else {
        dataSource.apply(old, animatingDifferences: Bool.random(using: &reloads))
      }
      #expect(view.rows == old.itemIdentifiers.map(String.init))
      var cellsBefore: [Int: ObjectIdentifier] = [:]
      for item in old.itemIdentifiers {
        cellsBefore[item] = ObjectIdentifier(view.cell(at: old.indexPath(ofItem: item)!)!)
      }
      dataSource.apply(new)
      #expect(view.rows == new.itemIdentifiers.map(String.init))
      #expect(dataSource.snapshot() == new)
      // An item in both keeps its cell unless it is reloaded, or its old section is
      // deleted or reloaded, or its new section inserted or reloaded.
      let update = BatchUpdate(from: old, to: new)
      let reloaded = Set(new.reloadedItemIdentifiers)
      for item in new.itemIdentifiers where cellsBefore[item] != nil && !reloaded.contains(item) {
        let from = old.indexPath(ofItem: item)!.section
        let to = new.indexPath(ofItem: item)!.section
        // reloadedSections names old indexes: map the new section back to find it.
        let toOld = old.indexOfSection(new.sectionIdentifiers[to]) ?? -1
        let replaced =
          update.deletedSections.contains(from) || update.reloadedSections.contains(from)
          || update.insertedSections.contains(to) || update.reloadedSections.contains(toOld)
        let cell = view.cell(at: new.indexPath(ofItem: item)!)!
        #expect(
          (ObjectIdentifier(cell) == cellsBefore[item]) != replaced,
          "item \(item): kept its cell \(!replaced ? "no" : "yes") in \(update)")
      }
    }
    #expect(
      view.rejectedBatches.isEmpty,
      "\(view.rejectedBatches.first.map(String.init(describing:)) ?? "")")
    #expect(configured > 0)
  }
}
