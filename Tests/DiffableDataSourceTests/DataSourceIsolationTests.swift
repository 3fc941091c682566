import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

@testable import DiffableDataSource

/// A list that lives on an actor of its own, as a server session's lists do: its view,
/// registration and data source are made and used only here.
actor ListHost {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  let view = RecordingListView()
  var dataSource: CollectionViewDiffableDataSource<Int, Int>?
  var providerCalls = 0
  /// Runs once, inside the next cell provider call.
  var insideProvider: (@Sendable () -> Void)?

  func setInsideProvider(_ hook: @escaping @Sendable () -> Void) { insideProvider = hook }

  func makeList() {
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = "Row \(id)"
      cell.contentConfiguration = content
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: view) {
      [unowned self] view, indexPath, id in
      // Isolated to this actor: the provider runs inside the apply, which runs here.
      self.assertIsolated()
      self.providerCalls += 1
      if let hook = self.insideProvider {
        self.insideProvider = nil
        hook()
      }
      return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
  }

  static func snapshot(_ ids: some Sequence<Int>) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(ids))
    return snapshot
  }

  func apply(_ ids: [Int]) { dataSource?.apply(Self.snapshot(ids)) }

  /// The `async` apply, awaited here: it runs in this actor's isolation.
  func applyAndWait(_ ids: [Int]) async { await dataSource?.apply(Self.snapshot(ids)) }

  var rows: [String] { view.rows }
  var rejectedBatchCount: Int { view.rejectedBatches.count }
  var batchCount: Int {
    view.calls.count { if case .performBatchUpdates = $0 { true } else { false } }
  }
  func applier() -> CollectionViewDiffableDataSource<Int, Int>.Applier? {
    dataSource?.applier(on: self)
  }
  func dropList() { dataSource = nil }
}

@Suite("Data source: lives on any actor")
struct DataSourceIsolationTests {
  @Test func aDataSourceAppliesOnAnActorOfItsOwn() async {
    let host = ListHost()
    await host.makeList()
    await host.apply([1, 2, 3])
    await host.applyAndWait([3, 1])
    #expect(await host.rows == ["Row 3", "Row 1"])
    #expect(await host.batchCount == 2)
    #expect(await host.providerCalls == 3)
  }

  @Test func anApplierLandsOnTheActorItWasTakenOn() async throws {
    let host = ListHost()
    await host.makeList()
    let applier = try #require(await host.applier())
    let landedOnHost: Bool = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        applier.enqueueApply(ListHost.snapshot([5, 6])) {
          // The completion runs in the data source's isolation: the host, not the main actor.
          host.assertIsolated()
          continuation.resume(returning: true)
        }
      }
    }
    #expect(landedOnHost)
    #expect(await host.rows == ["Row 5", "Row 6"])
  }

  @Test func appliesFromManyTasksLandInEachTasksOrder() async throws {
    let host = ListHost()
    await host.makeList()
    let applier = try #require(await host.applier())
    // One task applies growing prefixes; in order, the last one wins and every batch only
    // inserts.
    await Task.detached {
      for count in 1...30 { applier.enqueueApply(ListHost.snapshot(1...count)) }
      await applier.apply(ListHost.snapshot(1...31))
    }.value
    #expect(await host.rows == (1...31).map { "Row \($0)" })
    #expect(await host.batchCount == 31)
  }

  @Test func anApplierOutlivingItsDataSourceDoesNothingAndStillCompletes() async throws {
    let host = ListHost()
    await host.makeList()
    let applier = try #require(await host.applier())
    await host.dropList()
    let completed: Bool = await withCheckedContinuation { continuation in
      applier.enqueueApply(ListHost.snapshot([1])) { continuation.resume(returning: true) }
    }
    #expect(completed, "the completion runs although nothing was shown")
  }

  @Test func anAwaitedApplierApplyOfALargeListLandsOnTheHost() async throws {
    let host = ListHost()
    await host.makeList()
    await host.apply(Array(0..<3_000))
    let applier = try #require(await host.applier())
    let target = ListHost.snapshot((0..<3_000).reversed())
    await Task.detached { await applier.apply(target) }.value
    #expect(await host.rows.first == "Row 2999")
    #expect(await host.rejectedBatchCount == 0)
  }

  @Test func aRegistrationMadeOnAnotherThreadWhileAProviderRunsIsNotBlamedOnIt() async {
    // The provider depth is per thread: while the host's thread is inside a cell provider,
    // a registration made on another thread is not one made inside a provider.
    let host = ListHost()
    await host.makeList()
    let inside = DispatchSemaphore(value: 0)
    let made = DispatchSemaphore(value: 0)
    await host.setInsideProvider {
      inside.signal()
      made.wait()
    }
    let apply = Task.detached { await host.apply([1]) }
    let flagged: Bool = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        inside.wait()
        let registration = CellRegistration<ListCell, Int> { _, _, _ in }
        made.signal()
        continuation.resume(returning: registration.createdInsideCellProvider)
      }
    }
    await apply.value
    #expect(flagged == false)
    #expect(await host.rows == ["Row 1"])
  }
}
