import Diffable
import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Data source: apply from anywhere")
struct ApplyFromAnywhereTests {
  typealias Snapshot = DiffableDataSourceSnapshot<RecipeFixture.Section, Int>

  nonisolated static func firstItems(_ count: Int) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([.main])
    snapshot.appendItems(Array(1...count))
    return snapshot
  }

  @Test func appliesFromABackgroundQueueLandInCallOrder() async {
    let fixture = RecipeFixture(Array(1...21))
    let dataSource = fixture.dataSource!
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        for count in 1...20 { dataSource.enqueueApply(Self.firstItems(count)) }
        done.resume()
      }
    }
    await dataSource.apply(Self.firstItems(21))
    #expect(fixture.view.rows == (1...21).map { "Recipe \($0)" })
    // In order, each apply adds one row; out of order, some would delete rows.
    #expect(fixture.batches.count == 21)
    #expect(fixture.batches.first?.insertedSections == [0])
    #expect(
      fixture.batches.dropFirst().allSatisfy {
        $0.deletedItems.isEmpty && $0.insertedItems.count == 1
      })
  }

  @Test func aMainActorApplyRunsTheWaitingOnesFirst() {
    let fixture = RecipeFixture([1, 2, 3])
    let dataSource = fixture.dataSource!
    dataSource.enqueueApply(fixture.snapshot([1, 2]))
    dataSource.enqueueApply(fixture.snapshot([1, 2, 3]))
    #expect(fixture.batches.isEmpty, "an enqueued apply waits for the main actor")
    dataSource.apply(fixture.snapshot([3, 2, 1]))
    #expect(fixture.view.rows == ["Recipe 3", "Recipe 2", "Recipe 1"])
    #expect(fixture.batches.count == 3)
    #expect(fixture.batches[1] == BatchUpdate(insertedItems: [path(0, 2)]))
  }

  @Test func completionsRunOnTheMainActorAfterTheApply() async {
    let fixture = RecipeFixture([1, 2])
    let dataSource = fixture.dataSource!
    let rows: [String] = await withCheckedContinuation { continuation in
      Task.detached {
        dataSource.enqueueApply(Self.firstItems(2)) {
          MainActor.assertIsolated()
          continuation.resume(returning: fixture.view.rows)
        }
      }
    }
    #expect(rows == ["Recipe 1", "Recipe 2"])
  }

  @Test func aTaskAppliesClassIdentifiersItBuilt() async {
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, Note> { cell, _, note in
      var content = cell.defaultContentConfiguration()
      content.text = note.text
      cell.contentConfiguration = content
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Note>(collectionView: view) {
      view, indexPath, note in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: note)
    }
    await Task.detached {
      // Built here and handed over: the snapshot is `sending`, so its identifiers need not
      // be Sendable.
      var snapshot = DiffableDataSourceSnapshot<Int, Note>()
      snapshot.appendSections([0])
      snapshot.appendItems([Note("made off the main actor")])
      await dataSource.apply(snapshot, animatingDifferences: false)
    }.value
    #expect(view.rows == ["made off the main actor"])
  }

  @Test func theAwaitedApplyFromTheMainActorReturnsOnceApplied() async {
    let fixture = RecipeFixture([1, 2])
    await fixture.dataSource.apply(fixture.snapshot([2, 1]))
    #expect(fixture.view.rows == ["Recipe 2", "Recipe 1"])
  }
}
