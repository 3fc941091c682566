import DiffableDataSource
import Foundation
import Logging
import Testing

@testable import DiffableWeb

/// Each view kept the cells of up to 10,000 rows its page shows (about 0.9 KB each in the
/// demo): every page could make the server keep that many per view. All of a server's
/// views now share one budget of cells.
@MainActor
@Suite("The cells all views keep, against a budget")
struct LiveCellBudgetTests {
  /// A fixture whose view counts its cells in `budget`, its page showing rows `0..<rows`.
  static func showing(_ rows: Int, budget: ByteBudget) -> WebFixture {
    let fixture = WebFixture(items: Array(0..<1_000))
    fixture.view.cellClaim = ByteBudgetClaim(budget)
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":\#(rows)}]}"#
    )
    fixture.requestCells(0..<rows)
    return fixture
  }

  /// Under the limit a view keeps every cell of its window, even past its share; past the
  /// limit, the view that makes cells while over its share gives back those outside its
  /// window, then those beyond its share, while one under its share keeps all of its own.
  @Test func pastTheBudgetAViewOverItsShareKeepsOnlyItsShare() {
    let budget = ByteBudget(limit: 100, expectedHolders: 2)
    let large = Self.showing(80, budget: budget)
    #expect(large.view.liveCellCount == 80, "80 of 100: under the limit")
    let small = Self.showing(30, budget: budget)
    #expect(small.view.liveCellCount == 30, "past the limit, but under its share of 50")
    #expect(budget.heldBytes == 110)
    large.requestCells(80..<90)
    #expect(large.last["type"] as? String == "cells", "the page is answered all the same")
    #expect(large.view.liveCellCount == 50, "its share")
    #expect(small.view.liveCellCount == 30)
    #expect(budget.heldBytes == 80)
  }

  /// A row whose cell was given back is configured anew at a reconfigure, with the same
  /// content a kept cell would have.
  @Test func aRowWithoutItsCellIsReconfiguredAnew() throws {
    let budget = ByteBudget(limit: 10, expectedHolders: 1)
    let fixture = Self.showing(40, budget: budget)
    #expect(fixture.view.liveCellCount == 10)
    let reused = fixture.view.reusedCellCount
    var snapshot = fixture.dataSource.snapshot()
    snapshot.reconfigureItems(Array(0..<40))
    fixture.dataSource.apply(snapshot, animatingDifferences: false)
    let batch = fixture.last
    #expect(batch["type"] as? String == "batch")
    let cells = try #require(batch["cells"] as? [[String: Any]])
    #expect(cells.count == 40, "every row of the window is sent")
    let texts = cells.compactMap { placed -> String? in
      let cell = placed["cell"] as? [String: Any]
      let content = cell?["content"] as? [String: Any]
      return content?["text"] as? String
    }
    #expect(texts == (0..<40).map { "Item \($0)" })
    #expect(fixture.view.reusedCellCount - reused == 10, "only the kept cells were reused")
    #expect(fixture.view.liveCellCount == 10)
  }

  /// A row whose cell was given back still answers what the page activates on it: the
  /// accessory is found on a cell made anew (it was refused as one the row does not show).
  @Test func anAccessoryOfARowWithoutItsCellStillWorks() throws {
    let budget = ByteBudget(limit: 10, expectedHolders: 1)
    let fixture = Self.showing(40, budget: budget)
    let ids = (0..<40).map { ListIdentifier($0) }
    let row = try #require(ids.firstIndex { fixture.view.liveCells[$0] == nil })
    let calls = fixture.view.cellProviderCalls
    fixture.send(
      #"{"v":1,"type":"accessory","view":"list","seq":\#(fixture.seq),"indexPath":[0,\#(row)],"kind":"delete"}"#
    )
    #expect(fixture.last["type"] as? String != "error", "\(fixture.last)")
    #expect(fixture.view.cellProviderCalls == calls + 1, "a cell made anew")
  }

  /// A server's sessions hand their views its registry's budget: each view is one holder.
  @Test func theRegistrysBudgetReachesEveryView() async {
    #expect(WebServer.Configuration().maximumTotalLiveCells == 2_000_000)
    let registry = SessionRegistry(
      gracePeriod: .zero, maximumDetached: 0, logLimit: 0, liveCells: 7, cellHolders: 3)
    #expect(registry.cellBudget.limit == 7)
    #expect(registry.cellBudget.share == 2)
    let host = await SessionIsolationTests.open(registry, id: 1)
    #expect(registry.cellBudget.holderCount == 1)
    let budget = await host.run { $0.listViews["list"]?.cellClaim?.budget }
    #expect(budget === registry.cellBudget)
  }

  /// The server builds its registry from its configuration: one budget of
  /// `maximumTotalLiveCells` cells, shared by as many views as it takes connections.
  @Test func theServersConfigurationSetsTheBudget() {
    var configuration = WebServer.Configuration()
    configuration.maximumTotalLiveCells = 9_000
    configuration.maximumConnections = 30
    configuration.maximumDetachedSessions = 20
    configuration.resumeLogLimit = 777
    configuration.maximumTotalResumeBytes = 1_000
    var registry = SessionRegistry(configuration: configuration)
    #expect(registry.cellBudget.limit == 9_000)
    #expect(registry.cellBudget.share == 300)
    #expect(registry.gracePeriod == configuration.sessionGracePeriod)
    #expect(registry.maximumDetached == 20)
    #expect(registry.logLimit == 777)
    #expect(registry.resumeBudget.limit == 1_000)
    #expect(registry.resumeBudget.share == 1_000 / configuration.expectedResumeHolders)
    // Negative limits count as none.
    configuration.sessionGracePeriod = .seconds(-5)
    configuration.maximumDetachedSessions = -1
    configuration.resumeLogLimit = -1
    registry = SessionRegistry(configuration: configuration)
    #expect(registry.gracePeriod == .zero)
    #expect(registry.maximumDetached == 0)
    #expect(registry.logLimit == 0)
  }
}
