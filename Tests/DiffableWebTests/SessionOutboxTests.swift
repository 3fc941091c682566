import DiffableWeb
import Foundation
import NIOConcurrencyHelpers
import Testing

@Suite("Session outbox: bounded memory per connection")
struct SessionOutboxTests {
  @Test func messagesComeOutInOrderAndCountTowardTheLimit() async {
    let outbox = SessionOutbox(limit: 1_000)
    #expect(outbox.push("a", view: "list") == .queued)
    #expect(outbox.push("b", view: nil) == .queued)
    #expect(outbox.queuedBytes == 2 + 2 * 64)
    #expect(await outbox.next() == "a")
    #expect(await outbox.next() == "b")
    #expect(outbox.queuedBytes == 0)
  }

  @Test func aWaitingWriterGetsTheNextMessageDirectly() async {
    let outbox = SessionOutbox(limit: 1_000)
    async let taken = outbox.next()
    // Give the writer time to wait; either way the message comes out exactly once.
    try? await Task.sleep(for: .milliseconds(20))
    #expect(outbox.push("now", view: nil) == .queued)
    #expect(await taken == "now")
    #expect(outbox.queuedBytes == 0)
  }

  @Test func takeReturnsWhatWaitsAndArmsTheReadyCallbackOnceWhenEmpty() {
    let readies = NIOLockedValueBox(0)
    let outbox = SessionOutbox(limit: 1_000, onReady: { readies.withLockedValue { $0 += 1 } })
    _ = outbox.push("a", view: "list")
    #expect(readies.withLockedValue { $0 } == 0, "no one asked yet")
    #expect(outbox.take() == .message("a"))
    #expect(outbox.queuedBytes == 0)
    #expect(outbox.take() == .empty)
    _ = outbox.push("b", view: nil)
    _ = outbox.push("c", view: nil)
    #expect(
      readies.withLockedValue { $0 } == 1, "one call for the first message after an empty take")
    #expect(outbox.take() == .message("b"))
    #expect(outbox.take() == .message("c"))
    #expect(outbox.take() == .empty)
    outbox.close()
    #expect(readies.withLockedValue { $0 } == 2, "closing wakes an armed writer")
    #expect(outbox.take() == .closed)
    outbox.close()
    #expect(readies.withLockedValue { $0 } == 2, "an unarmed writer is not woken")
  }

  @Test func takingAMessageEndsTheCoalescedState() {
    let outbox = SessionOutbox(limit: 100)
    _ = outbox.push(String(repeating: "x", count: 100), view: "list")
    _ = outbox.push("app", view: nil)
    _ = outbox.dropMessagesOfViews()
    #expect(outbox.dropMessagesOfViews().wasAlreadyCoalesced)
    #expect(outbox.take() == .message("app"))
    #expect(!outbox.dropMessagesOfViews().wasAlreadyCoalesced, "the writer took a message")
  }

  @Test func passingTheLimitIsReportedAndViewMessagesCanBeDropped() async {
    let outbox = SessionOutbox(limit: 300)
    #expect(outbox.push("app-1", view: nil) == .queued)
    #expect(outbox.push("batch-1", view: "list") == .queued)
    #expect(outbox.push(String(repeating: "x", count: 200), view: "list") == .overLimit)
    let (already, remaining) = outbox.dropMessagesOfViews()
    #expect(!already)
    #expect(remaining == 5 + 64)
    // A second overflow before the writer takes anything: the page is not reading.
    #expect(outbox.dropMessagesOfViews().wasAlreadyCoalesced)
    #expect(await outbox.next() == "app-1")
    #expect(!outbox.dropMessagesOfViews().wasAlreadyCoalesced, "the writer took a message")
  }

  @Test func messagesOfNoViewCanBeTakenBackInOrder() async {
    let outbox = SessionOutbox(limit: 1_000)
    _ = outbox.push("app-1", view: nil)
    _ = outbox.push("batch-1", view: "list")
    _ = outbox.push("app-2", view: nil)
    #expect(outbox.takeMessagesOfNoView() == ["app-1", "app-2"])
    #expect(outbox.queuedBytes == 7 + 64)
    #expect(await outbox.next() == "batch-1")
    #expect(outbox.takeMessagesOfNoView().isEmpty)
  }

  @Test func closingWakesTheWriterAndDropsWhatWaits() async {
    let disconnects = NIOLockedValueBox(0)
    let outbox = SessionOutbox(limit: 1_000) { disconnects.withLockedValue { $0 += 1 } }
    _ = outbox.push("pending", view: nil)
    outbox.close()
    #expect(!outbox.wantsDisconnect)
    #expect(disconnects.withLockedValue { $0 } == 0, "a plain close is the connection's own")
    outbox.close(disconnect: true)
    outbox.close(disconnect: true)
    #expect(outbox.wantsDisconnect)
    #expect(disconnects.withLockedValue { $0 } == 1, "the transport is told once")
    #expect(await outbox.next() == nil)
    #expect(outbox.push("late", view: nil) == .closed)
    #expect(outbox.queuedBytes == 0)
  }

  /// A page that falls behind gets one structure per view in place of its queued batches;
  /// one that still does not read is disconnected. App messages keep their place.
  @MainActor
  @Test func aSessionCoalescesForASlowPageAndDisconnectsOneThatDoesNotRead() async throws {
    let outbox = SessionOutbox(limit: 20_000)
    let session = WebSession(id: 7, outbox: outbox)
    let view = session.makeListView(named: "list")
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = "Item \(id)"
      cell.contentConfiguration = content
    }
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
      view, path, id in
      view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
    }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["main"])
    snapshot.appendItems(Array(0..<200))
    await dataSource.applySnapshotUsingReloadData(snapshot)
    session.start()
    session.sendApp("hello", payload: .null)

    // Batches pile up while the page reads nothing, until the queue passes its limit and
    // shrinks: the session coalesced it.
    var order = Array(0..<200)
    var random = SystemRandomNumberGenerator()
    func shuffle() {
      order.shuffle(using: &random)
      var next = DiffableDataSourceSnapshot<String, Int>()
      next.appendSections(["main"])
      next.appendItems(order)
      dataSource.apply(next)
    }
    var batches = 0
    var previous = 0
    repeat {
      previous = outbox.queuedBytes
      shuffle()
      batches += 1
    } while outbox.queuedBytes > previous && batches < 1_000
    #expect(!outbox.wantsDisconnect)
    #expect(outbox.queuedBytes < 20_000)

    // What waits now: the first structure was taken by nobody, so the queue holds the app
    // message, then one fresh structure for the view.
    var texts: [[String: Any]] = []
    while outbox.queuedBytes > 0, let text = await outbox.next() {
      texts.append(try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
    }
    #expect(texts.map { $0["type"] as? String } == ["app", "structure"])
    #expect(texts.last?["seq"] as? Int == view.seq)
    #expect(batches > 1)

    // Now the page stops reading for good: the queue fills, is coalesced once, fills
    // again, and the session gives up on the page.
    var shrinks = 0
    for _ in 0..<1_000 where !outbox.wantsDisconnect {
      previous = outbox.queuedBytes
      shuffle()
      if outbox.queuedBytes < previous && !outbox.wantsDisconnect { shrinks += 1 }
    }
    #expect(shrinks == 1)
    #expect(outbox.wantsDisconnect)
    #expect(await outbox.next() == nil)
    #expect(outbox.push("late", view: nil) == .closed)
    #expect(outbox.queuedBytes == 0)
  }
}
