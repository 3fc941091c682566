import Diffable
import DiffableTesting
import Foundation
import Testing

@testable import DiffableDataSource

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
    let applier = dataSource.applier(on: MainActor.shared)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        for count in 1...20 { applier.enqueueApply(Self.firstItems(count)) }
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
    let applier = dataSource.applier(on: MainActor.shared)
    applier.enqueueApply(fixture.snapshot([1, 2]))
    applier.enqueueApply(fixture.snapshot([1, 2, 3]))
    #expect(fixture.batches.isEmpty, "an enqueued apply waits for the main actor")
    dataSource.apply(fixture.snapshot([3, 2, 1]))
    #expect(fixture.view.rows == ["Recipe 3", "Recipe 2", "Recipe 1"])
    #expect(fixture.batches.count == 3)
    #expect(fixture.batches[1] == BatchUpdate(insertedItems: [path(0, 2)]))
  }

  @Test func completionsRunOnTheMainActorAfterTheApply() async {
    let fixture = RecipeFixture([1, 2])
    let applier = fixture.dataSource!.applier(on: MainActor.shared)
    let rows: [String] = await withCheckedContinuation { continuation in
      Task.detached {
        applier.enqueueApply(Self.firstItems(2)) {
          // The data source's actor: the main actor, which the applier was taken on.
          continuation.resume(returning: MainActor.assumeIsolated { fixture.view.rows })
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
    let applier = dataSource.applier(on: MainActor.shared)
    await Task.detached {
      // Built here and handed over: the snapshot is `sending`, so its identifiers need not
      // be Sendable.
      var snapshot = DiffableDataSourceSnapshot<Int, Note>()
      snapshot.appendSections([0])
      snapshot.appendItems([Note("made off the main actor")])
      await applier.apply(snapshot, animatingDifferences: false)
    }.value
    #expect(view.rows == ["made off the main actor"])
  }

  @Test func theAwaitedApplyFromTheMainActorReturnsOnceApplied() async {
    let fixture = RecipeFixture([1, 2])
    await fixture.dataSource.apply(fixture.snapshot([2, 1]))
    #expect(fixture.view.rows == ["Recipe 2", "Recipe 1"])
  }
}

/// An identifier that counts its hashes and comparisons made in a task marked as the
/// caller's (a task-local value): the main actor's own jobs never carry the mark, so the
/// count is the work done off the main actor, in the calling task.
struct CallerCountingID: Hashable, Sendable {
  let value: Int
  @TaskLocal static var isCallerTask = false
  static let lock = NSLock()
  nonisolated(unsafe) static var callerLookups = 0

  static func count() {
    guard isCallerTask else { return }
    lock.lock()
    callerLookups += 1
    lock.unlock()
  }

  func hash(into hasher: inout Hasher) {
    Self.count()
    hasher.combine(value)
  }

  static func == (left: Self, right: Self) -> Bool {
    count()
    return left.value == right.value
  }
}

/// A view that records batches and checks nothing, so that it compares no identifiers. It
/// declares no `delegate`, as a view written before that requirement (it takes the default).
final class SilentListView: ListView {
  weak var dataSource: (any ListViewDataSource)?
  var batches: [BatchUpdate] = []
  func reloadData() {}
  func performBatchUpdates(
    _ update: BatchUpdate, animated: Bool, completion: (() -> Void)?
  ) {
    batches.append(update)
    completion?()
  }
  func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath)
    -> ListCell?
  { nil }
  func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier reuseIdentifier: String,
    for indexPath: IndexPath
  ) -> ListCell? { nil }
}

@MainActor
@Suite("Data source: a large diff off the main actor", .serialized)
struct OffMainDiffTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, CallerCountingID>

  func makeList() -> (SilentListView, CollectionViewDiffableDataSource<Int, CallerCountingID>) {
    let view = SilentListView()
    let dataSource = CollectionViewDiffableDataSource<Int, CallerCountingID>(collectionView: view) {
      _, _, _ in ListCell()
    }
    return (view, dataSource)
  }

  nonisolated static func snapshot(_ values: some Sequence<Int>) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(values.map(CallerCountingID.init))
    return snapshot
  }

  /// Applies `target` from a detached task marked as the caller; returns the lookups made
  /// in it.
  func lookupsInCaller(
    applying target: Snapshot,
    to dataSource: CollectionViewDiffableDataSource<Int, CallerCountingID>
  ) async -> Int {
    CallerCountingID.callerLookups = 0
    let applier = dataSource.applier(on: MainActor.shared)
    await Task.detached {
      await CallerCountingID.$isCallerTask.withValue(true) {
        await applier.apply(target)
      }
    }.value
    return CallerCountingID.callerLookups
  }

  @Test func aLargeDiffRunsInTheCallingTask() async {
    let (view, dataSource) = makeList()
    dataSource.applySnapshotUsingReloadData(Self.snapshot(0..<5_000), completion: nil)
    let target = Self.snapshot((0..<5_000).reversed())
    let lookups = await lookupsInCaller(applying: target, to: dataSource)
    #expect(lookups >= 5_000, "the diff looked up every identifier in the calling task")
    // Task-local values follow the task's hops to the main actor: a diff computed again
    // there would count as much again.
    #expect(lookups < 7_500, "the main actor used the diff the calling task computed")
    #expect(dataSource.snapshot() == target)
    #expect(view.batches == [BatchUpdate(from: Self.snapshot(0..<5_000), to: target)])
  }

  @Test func aSmallDiffRunsOnTheMainActor() async {
    let (view, dataSource) = makeList()
    dataSource.applySnapshotUsingReloadData(Self.snapshot(0..<100), completion: nil)
    let target = Self.snapshot((0..<100).reversed())
    let lookups = await lookupsInCaller(applying: target, to: dataSource)
    #expect(lookups == 0)
    #expect(dataSource.snapshot() == target)
    #expect(view.batches.count == 1)
  }

  @Test func aDiffAgainstAStaleSnapshotIsComputedAgain() {
    let view = RecordingListView()
    let dataSource = CollectionViewDiffableDataSource<Int, CallerCountingID>(collectionView: view) {
      view, indexPath, id in
      let cell = ListCell()
      var content = cell.defaultContentConfiguration()
      content.text = "\(id.value)"
      cell.contentConfiguration = content
      return cell
    }
    dataSource.applySnapshotUsingReloadData(Self.snapshot(0..<5_000))
    let (base, version) = dataSource._baseForDiff()
    // The list changes after the diff read it and before its result lands; this apply is
    // still the newest call, so it lands, diffed again against what the view shows.
    dataSource.apply(Self.snapshot(0..<4_000))
    let ticket = dataSource.pendingApplies.takeTicket()
    let target = Self.snapshot((0..<5_000).reversed())
    var done = false
    dataSource._apply(
      target, precomputed: BatchUpdate(from: base, to: target), against: version,
      ticket: ticket, animatingDifferences: true
    ) { done = true }
    #expect(done)
    #expect(view.rows.count == 5_000)
    #expect(view.rows.first == "4999")
    // The simulator checks each batch against what the view showed: a stale diff would fail.
    #expect(view.rejectedBatches.isEmpty)
  }
}

@MainActor
@Suite("Data source: applies keep call order", .serialized)
struct ApplyOrderTests {
  @Test func anApplyFromACompletionWaitsForTheOlderQueuedOnes() {
    let fixture = RecipeFixture([1, 2, 3, 4])
    let dataSource = fixture.dataSource!
    let applier = dataSource.applier(on: MainActor.shared)
    let c = fixture.snapshot([1, 2, 3, 4])
    applier.enqueueApply(fixture.snapshot([1])) {
      MainActor.assumeIsolated { fixture.dataSource!.apply(c) }
    }
    applier.enqueueApply(fixture.snapshot([1, 2]))
    _ = dataSource.snapshot()  // runs the waiting applies
    // a, then b (called before c), then c.
    #expect(fixture.view.rows == ["Recipe 1", "Recipe 2", "Recipe 3", "Recipe 4"])
    #expect(fixture.batches.count == 3)
  }

  @Test func snapshotReadsAfterTheWaitingApplies() {
    let fixture = RecipeFixture([1, 2, 3])
    let dataSource = fixture.dataSource!
    dataSource.applier(on: MainActor.shared).enqueueApply(fixture.snapshot([2, 1]))
    var snapshot = dataSource.snapshot()
    #expect(snapshot.itemIdentifiers == [2, 1])
    snapshot.appendItems([3])
    dataSource.apply(snapshot)
    #expect(fixture.view.rows == ["Recipe 2", "Recipe 1", "Recipe 3"])
  }

  @Test func aSectionSnapshotAppliedWithAppliesWaitingKeepsItsOutline() {
    let view = RecordingListView()
    let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
      _, _, item in
      let cell = ListCell()
      var content = cell.defaultContentConfiguration()
      content.text = item
      cell.contentConfiguration = content
      cell.accessories = [.outlineDisclosure()]
      return cell
    }
    var flat = DiffableDataSourceSnapshot<Int, String>()
    flat.appendSections([0, 1])
    flat.appendItems(["x"], toSection: 1)
    dataSource.applier(on: MainActor.shared).enqueueApply(flat)
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["root"])
    outline.append(["child"], to: "root")
    dataSource.apply(outline, to: 0)
    #expect(view.rows == ["root", "x"])
    #expect(view.toggleDisclosure(at: path(0, 0)))
    #expect(view.rows == ["root", "child", "x"])
  }

  @Test func aLargeApplyOvertakenByALaterOneIsDropped() async {
    let fixture = RecipeFixture(Array(1...5_000))
    let dataSource = fixture.dataSource!
    dataSource.apply(fixture.snapshot(Array(1...5_000)), completion: nil)
    let big = fixture.snapshot(Array((1...5_000).reversed()))
    let small = fixture.snapshot([1, 2, 3])
    // The big apply is called first; its diff runs in its task while the main actor, called
    // later, applies the small one. "Called" is when it takes its ticket: a signal sent from
    // the task just before the call let the small one be called first when the task was slow
    // to run on, and the big one then rightly landed last (seen in CI on two busy cores).
    let applier = dataSource.applier(on: MainActor.shared)
    let ticketBefore = dataSource.pendingApplies.lastTicket
    let task = Task.detached { await applier.apply(big) }
    var waited = 0
    while dataSource.pendingApplies.lastTicket == ticketBefore && waited < 10_000 {
      try? await Task.sleep(for: .milliseconds(1))
      waited += 1
    }
    #expect(dataSource.pendingApplies.lastTicket > ticketBefore)
    dataSource.apply(small, completion: nil)
    await task.value
    // Either the big one landed before the small one was called (then the small one
    // follows it) or it was dropped: the list ends as the last call left it.
    #expect(fixture.view.rows == ["Recipe 1", "Recipe 2", "Recipe 3"])
    #expect(fixture.view.rejectedBatches.isEmpty)
  }

  @Test func aTicketOlderThanTheLastLandedApplyIsDropped() {
    let fixture = RecipeFixture(Array(1...10))
    let dataSource = fixture.dataSource!
    dataSource.apply(fixture.snapshot([1, 2]))
    let older = dataSource.pendingApplies.takeTicket()
    dataSource.apply(fixture.snapshot([3]))
    var completed = false
    let (base, version) = dataSource._baseForDiff()
    let stale = fixture.snapshot([9, 10])
    dataSource._apply(
      stale, precomputed: BatchUpdate(from: base, to: stale), against: version, ticket: older,
      animatingDifferences: false
    ) { completed = true }
    #expect(completed)
    #expect(fixture.view.rows == ["Recipe 3"])
  }

  @Test func theMainActorAwaitsAnApplyOfClassIdentifiers() async {
    let view = RecordingListView()
    let dataSource = CollectionViewDiffableDataSource<Int, Note>(collectionView: view) {
      _, _, note in
      let cell = ListCell()
      var content = cell.defaultContentConfiguration()
      content.text = note.text
      cell.contentConfiguration = content
      return cell
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Note>()
    snapshot.appendSections([0])
    snapshot.appendItems([Note("from the main actor")])
    await dataSource.apply(snapshot)
    #expect(view.rows == ["from the main actor"])
  }
}
