import HummingbirdTesting
import HummingbirdWSTesting
import Testing

@testable import DiffableWeb

@Suite("Byte budgets: bounded memory for all pages together")
struct ByteBudgetTests {
  /// Each outbox kept to its own limit only, so N pages that stop reading held N times it.
  /// Past the budget, the outbox holding more than its share is told it is over, as if
  /// past its own limit; one under its share is not.
  @Test func pastTheBudgetOnlyAnOutboxOverItsShareIsOver() {
    let budget = ByteBudget(limit: 10_000, expectedHolders: 2)
    let large = SessionOutbox(limit: 1 << 20, budget: budget)
    let small = SessionOutbox(limit: 1 << 20, budget: budget)
    #expect(budget.holderCount == 2)
    #expect(budget.share == 5_000)
    #expect(large.push(String(repeating: "x", count: 7_000), view: "list") == .queued)
    #expect(small.push(String(repeating: "y", count: 3_000), view: "list") == .queued)
    #expect(budget.heldBytes == 10_000 + 2 * 64, "past the budget now")
    #expect(large.push("a", view: nil) == .overLimit, "7,129 bytes, over its share")
    #expect(small.push("b", view: nil) == .queued, "3,129 bytes, under its share")
    // Once the large one coalesced, the total is back under the budget.
    _ = large.dropMessagesOfViews()
    #expect(budget.heldBytes == 3_000 + 1 + 1 + 3 * 64)
    #expect(large.push(String(repeating: "z", count: 6_000), view: "list") == .queued)
  }

  /// Whatever leaves an outbox leaves the budget: taken by the writer, dropped when
  /// coalescing, taken back for a session that waits, closed, or dropped unclosed.
  @Test func bytesLeaveTheBudgetWithTheMessages() async {
    let budget = ByteBudget(limit: 1 << 20, expectedHolders: 1)
    let outbox = SessionOutbox(limit: 1 << 20, budget: budget)
    _ = outbox.push("app-1", view: nil)
    _ = outbox.push("batch-1", view: "list")
    _ = outbox.push("app-2", view: nil)
    #expect(budget.heldBytes == outbox.queuedBytes)
    #expect(await outbox.next() == "app-1")
    #expect(budget.heldBytes == 7 + 5 + 2 * 64)
    _ = outbox.dropMessagesOfViews()
    #expect(budget.heldBytes == 5 + 64)
    #expect(outbox.takeMessagesOfNoView() == ["app-2"])
    #expect(budget.heldBytes == 0)
    _ = outbox.push("app-3", view: nil)
    #expect(outbox.take() == .message("app-3"))
    #expect(budget.heldBytes == 0)
    _ = outbox.push("pending", view: nil)
    outbox.close()
    outbox.close()
    #expect(budget.heldBytes == 0)
    #expect(budget.holderCount == 0, "closed once, counted out once")
    do {
      let unclosed = SessionOutbox(limit: 1 << 20, budget: budget)
      _ = unclosed.push("left", view: nil)
      withExtendedLifetime(unclosed) {
        #expect(budget.holderCount == 1)
        #expect(budget.heldBytes == 4 + 64)
      }
    }
    #expect(budget.holderCount == 0, "an outbox dropped unclosed")
    #expect(budget.heldBytes == 0)
  }

  /// The limit and the holders expected are at least 1; the share divides the limit by the
  /// holders expected, or by those open when they are more.
  @Test func theShareDividesTheLimitByTheHoldersExpectedOrOpen() {
    let least = ByteBudget(limit: -5, expectedHolders: 0)
    #expect(least.limit == 1)
    #expect(least.expectedHolders == 1)
    let budget = ByteBudget(limit: 900, expectedHolders: 3)
    #expect(budget.share == 300, "no outbox open")
    let outboxes = (0..<5).map { _ in SessionOutbox(limit: 100, budget: budget) }
    #expect(budget.share == 180)
    outboxes[0].close()
    outboxes[1].close()
    #expect(budget.share == 300, "back to the holders expected")
    outboxes[2].close()
    #expect(budget.share == 300, "not more while few are open")
  }

  /// Holders that filled while few were open can't keep the total past the limit for
  /// those that come later: the share is fixed by the holders expected. With a share of
  /// the holders open (2 here), the third outbox could have kept 5,000 bytes.
  @Test func holdersThatFilledEarlyLeaveLaterOnesOnlyTheirShare() {
    let budget = ByteBudget(limit: 10_000, expectedHolders: 4)
    let early = SessionOutbox(limit: 1 << 20, budget: budget)
    let late = SessionOutbox(limit: 1 << 20, budget: budget)
    #expect(early.push(String(repeating: "x", count: 9_900), view: "list") == .queued)
    #expect(late.push(String(repeating: "y", count: 2_000), view: "list") == .queued)
    #expect(late.push(String(repeating: "y", count: 1_000), view: "list") == .overLimit)
    withExtendedLifetime((early, late)) {}
  }

  /// The server's outboxes share one budget of `maximumTotalPendingBytes`: with 1 byte, a
  /// page's first messages already overdraw it, so the session gives up on the page as
  /// one that does not read and closes its connection, while the default budget serves it.
  ///
  /// The page is a raw socket: a WebSocket client library closed this early, during its own
  /// upgrade, was seen to wait for ever. Each read waits up to 30 s: under the sanitizers,
  /// with every suite running at once, the server took more than 5 s to close it.
  @Test func theServerSharesOneBudgetOfItsConfiguredSize() async throws {
    #expect(WebServer.Configuration().maximumTotalPendingBytes == 1 << 30)
    for (budget, served) in [(1, false), (1 << 30, true)] {
      let app = try WebServerTests.makeServer(Liveness()) {
        $0.maximumTotalPendingBytes = budget
      }.makeApplication()
      _ = try await app.test(.live) { client in
        let page = try RawConnection(port: try #require(client.port))
        page.sendUpgrade()
        var received = ""
        var closed = false
        while !received.contains(#""type":"structure""#), !closed,
          let bytes = await page.read(timeout: .seconds(30))
        {
          received += bytes
          closed = bytes.isEmpty
        }
        #expect(received.hasPrefix("HTTP/1.1 101"), "budget \(budget): upgraded")
        #expect(received.contains(#""type":"structure""#) == served, "budget \(budget)")
        #expect(closed != served, "budget \(budget): the connection was closed")
      }
    }
  }

  /// Each view's log kept to its own limit only, so every session waiting for its page
  /// (and every page that never acknowledges) could keep `resumeLogLimit` per view. Past
  /// the logs' budget, a log over its share drops its oldest batches; one under it keeps
  /// them; and whatever a log drops or is freed with leaves the budget.
  @Test func pastTheBudgetALogOverItsShareDropsItsOldest() {
    let budget = ByteBudget(limit: 20, expectedHolders: 2)
    do {
      var large = ResumeLog(maximumBytes: 1_000, budget: budget)
      var small = ResumeLog(maximumBytes: 1_000, budget: budget)
      #expect(budget.share == 10)
      large.record(seq: 1, text: "aaaaaaaa")
      large.record(seq: 2, text: "aaaaaaaa")
      small.record(seq: 1, text: "bb")
      #expect(budget.heldBytes == 18)
      large.record(seq: 3, text: "aaaaaaaa")
      #expect(large.entries.map(\.seq) == [2, 3], "26 bytes in all: the large log's oldest went")
      #expect(large.floor == 1)
      small.record(seq: 2, text: "bb")
      small.record(seq: 3, text: "bb")
      #expect(budget.heldBytes == 22, "past the budget, but the small log is under its share")
      #expect(small.entries.map(\.seq) == [1, 2, 3])
      large.acknowledge(through: 3)
      #expect(budget.heldBytes == 6)
      small.restart(at: 4)
      #expect(budget.heldBytes == 0)
      small.record(seq: 5, text: "b5")
      #expect(budget.heldBytes == 2)
    }
    #expect(budget.holderCount == 0, "freed logs leave the budget")
    #expect(budget.heldBytes == 0)
  }

  /// The server's views share one budget of `maximumTotalResumeBytes`: with 1 byte, the
  /// batch a page did not apply is dropped at once, so the page resumes from a new
  /// structure (`restart`: the view kept no state as old as the page's); with the default
  /// the batch is replayed.
  @Test func theServerSharesOneBudgetForItsLogs() async throws {
    #expect(WebServer.Configuration().maximumTotalResumeBytes == 512 << 20)
    for (budget, mode) in [(1, "restart"), (512 << 20, "replay")] {
      let app = try WebServerTests.makeServer(Liveness(), grace: .seconds(5)) {
        $0.maximumTotalResumeBytes = budget
      }.makeApplication()
      _ = try await app.test(.live) { client in
        let (token, seq) = try await WebServerTests.openAddingAnUnappliedBatch(client)
        try await client.ws(
          "/ws?resume=\(token)&seen=list:\(seq)", configuration: WebServerTests.origin(client.port)
        ) { inbound, _, _ in
          var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
          let session = try await WebServerTests.next(&messages)
          #expect(session["resumed"] as? Bool == true)
          #expect(session["views"] as? [String: String] == ["list": mode], "budget \(budget)")
        }
      }
    }
  }
}
