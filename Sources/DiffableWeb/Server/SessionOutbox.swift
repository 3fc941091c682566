import DequeModule
import NIOConcurrencyHelpers

/// One connection's messages on their way to the page, bounded in bytes.
///
/// The session pushes from the main actor; the connection's writer takes messages one at a
/// time (``next()`` from a task, or ``take()`` from the connection's event loop) and waits
/// for the socket. A page that stops reading stops the writer, not
/// the session: messages wait here, and once they pass ``limit`` the session coalesces them
/// (see ``WebSession``) or, if the page is still not reading, asks to be disconnected.
/// Outboxes that share a ``ByteBudget`` also report being over their limit while all of
/// them together are past the budget's and this one holds more than its share.
public final class SessionOutbox: Sendable {
  /// What happened to a pushed message.
  public enum PushResult: Sendable, Equatable {
    /// It waits its turn (or went straight to a waiting writer).
    case queued
    /// It is queued, and the queue is now over ``SessionOutbox/limit``.
    case overLimit
    /// The outbox is closed; the message was dropped.
    case closed
  }

  private struct Pending {
    var text: String
    var view: String?
    var cost: Int { text.utf8.count + SessionOutbox.overhead }
  }

  /// Locked: the session pushes and the connection's writer takes from other threads.
  private struct State: @unchecked Sendable {
    var queue: Deque<Pending> = []
    /// What the queue holds; change it with ``setBytes(_:)``, which keeps the budget's
    /// count with it.
    private(set) var bytes = 0
    /// What the writer has taken and handed to the socket, not yet written: it counts
    /// against the budget with the queue (see ``inFlight(_:)``).
    private(set) var inFlight = 0
    /// This outbox's part of the server's budget; dropping it (at the close, or with the
    /// outbox) gives the bytes and the share back.
    var claim: ByteBudgetClaim?
    var writer: CheckedContinuation<String?, Never>?
    /// Set by ``take()`` when it found the queue empty: the next push or the close calls
    /// ``onReady`` once.
    var isWaitingForReady = false
    var isClosed = false
    var wantsDisconnect = false
    /// Whether the queue was coalesced since the writer last took a message: a second
    /// overflow in that state means the page is not reading at all.
    var coalescedSinceLastTake = false

    /// Removes the oldest message for the writer (``next()`` and ``take()`` alike).
    mutating func takeFirst() -> String? {
      guard let first = queue.popFirst() else { return nil }
      setBytes(bytes - first.cost)
      coalescedSinceLastTake = false
      return first.text
    }

    /// Queues `pending`; returns whether the queue is now over `limit`, or over its share
    /// of a budget that is overdrawn.
    mutating func append(_ pending: Pending, limit: Int) -> Bool {
      queue.append(pending)
      let isOverShare = setBytes(bytes + pending.cost)
      return bytes > limit || isOverShare
    }

    /// Returns whether the outbox now keeps more than its share of an overdrawn budget.
    @discardableResult
    mutating func setBytes(_ new: Int) -> Bool {
      bytes = new
      return claim?.keep(bytes + inFlight) ?? false
    }

    mutating func setInFlight(_ new: Int) {
      inFlight = new
      _ = claim?.keep(bytes + inFlight)
    }
  }

  /// What a message costs beyond its text (the queue's own bookkeeping), so that a flood
  /// of tiny messages is bounded too.
  static let overhead = 64

  /// The most bytes queued before the session must coalesce.
  public let limit: Int
  private let state: NIOLockedValueBox<State>
  /// Runs once, when the outbox is closed with a request to disconnect: the transport's
  /// way to drop the connection at once (its writer may be stuck on a full socket, and its
  /// reader waiting for a page that sends nothing).
  private let onDisconnect: @Sendable () -> Void

  /// Runs when a message arrives, or the outbox closes, after ``take()`` found nothing:
  /// the way a writer that is not a task learns there is work.
  private let onReady: @Sendable () -> Void

  /// Creates an outbox that holds at most about `limit` bytes, and counts them in `budget`
  /// when given (one budget for all the outboxes of a server); `onDisconnect` closes the
  /// connection when the session gives up on a page that does not read.
  ///
  /// A writer takes messages either with the `async` ``next()`` or, without a task of its
  /// own, with ``take()``, which arms `onReady` when it finds nothing.
  public init(
    limit: Int, budget: ByteBudget? = nil, onDisconnect: @escaping @Sendable () -> Void = {},
    onReady: @escaping @Sendable () -> Void = {}
  ) {
    self.limit = limit
    self.onDisconnect = onDisconnect
    self.onReady = onReady
    state = NIOLockedValueBox(State(claim: budget.map(ByteBudgetClaim.init)))
  }

  /// Queues a message; `view` names the list view it is about (`nil` for app messages and
  /// errors), so that ``dropMessagesOfViews()`` can remove it.
  ///
  /// - Complexity: O(1) amortized.
  public func push(_ text: String, view: String?) -> PushResult {
    let pending = Pending(text: text, view: view)
    let (writer, ready, result): (CheckedContinuation<String?, Never>?, Bool, PushResult) =
      state.withLockedValue { state in
        if state.isClosed { return (nil, false, .closed) }
        if let writer = state.writer {
          state.writer = nil
          state.coalescedSinceLastTake = false
          return (writer, false, .queued)
        }
        let isOver = state.append(pending, limit: limit)
        let ready = state.isWaitingForReady
        state.isWaitingForReady = false
        return (nil, ready, isOver ? .overLimit : .queued)
      }
    writer?.resume(returning: text)
    if ready { onReady() }
    return result
  }

  /// Removes the queued messages of list views, keeping app messages and errors in order;
  /// returns whether the outbox had already been coalesced since the writer last took a
  /// message (the page is not reading).
  ///
  /// - Complexity: O(*n*) for *n* queued messages.
  public func dropMessagesOfViews() -> (wasAlreadyCoalesced: Bool, remainingBytes: Int) {
    state.withLockedValue { state in
      let already = state.coalescedSinceLastTake
      state.queue.removeAll { $0.view != nil }
      state.setBytes(state.queue.reduce(0) { $0 + $1.cost })
      state.coalescedSinceLastTake = true
      return (already, state.bytes)
    }
  }

  /// Removes and returns the queued app messages and errors (those of no view), oldest
  /// first: what a session that outlives its connection keeps for the page's return.
  ///
  /// - Complexity: O(*n*) for *n* queued messages.
  public func takeMessagesOfNoView() -> [String] {
    state.withLockedValue { state in
      let taken = state.queue.filter { $0.view == nil }.map(\.text)
      state.queue.removeAll { $0.view == nil }
      state.setBytes(state.queue.reduce(0) { $0 + $1.cost })
      return taken
    }
  }

  /// The bytes queued now.
  public var queuedBytes: Int { state.withLockedValue { $0.bytes } }

  /// Counts `delta` bytes more (or, negative, fewer) that the writer took and handed to the
  /// socket without their being written yet.
  ///
  /// They count against the outbox's budget with the queue: a page that stops reading holds
  /// its writer's window and one message besides its queue (a structure can be megabytes),
  /// and all pages' windows and messages would otherwise be held outside any budget. They
  /// do not count against ``limit``, which bounds the queue. Once the outbox is closed they
  /// no longer count: the connection is gone and its writes fail.
  func inFlight(_ delta: Int) {
    state.withLockedValue { $0.setInFlight($0.inFlight + delta) }
  }

  /// Whether the session asked for the connection to be closed.
  public var wantsDisconnect: Bool { state.withLockedValue { $0.wantsDisconnect } }

  /// The next message for the socket, waiting for one; `nil` once the outbox is closed.
  ///
  /// - Precondition: One writer: no other call of `next()` is waiting. A waiting call
  ///   ends only with a message or ``close(disconnect:)``, not with task cancellation.
  public func next() async -> String? {
    await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
      let ready: String?? = state.withLockedValue { state in
        precondition(state.writer == nil, "SessionOutbox.next(): another writer is waiting")
        if let first = state.takeFirst() { return .some(first) }
        if state.isClosed { return .some(nil) }
        state.writer = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// What ``take()`` found.
  public enum Taken: Sendable, Equatable {
    /// The oldest queued message, now removed.
    case message(String)
    /// Nothing is queued; `onReady` runs once when that changes.
    case empty
    /// The outbox is closed: nothing more will come.
    case closed
  }

  /// Takes the oldest message without waiting. When there is none, `onReady` is armed and
  /// runs once, on the thread of the next ``push(_:view:)`` or ``close(disconnect:)``.
  ///
  /// - Complexity: O(1).
  public func take() -> Taken {
    state.withLockedValue { state in
      if let first = state.takeFirst() { return .message(first) }
      if state.isClosed { return .closed }
      state.isWaitingForReady = true
      return .empty
    }
  }

  /// Closes the outbox: queued messages are dropped and the writer's ``next()`` returns
  /// `nil`. With `disconnect`, the connection is asked to close as well.
  public func close(disconnect: Bool = false) {
    let (writer, ready, disconnectNow) = state.withLockedValue { state in
      let first = disconnect && !state.wantsDisconnect
      state.isClosed = true
      state.wantsDisconnect = state.wantsDisconnect || disconnect
      state.queue.removeAll()
      state.setBytes(0)
      state.claim = nil
      let ready = state.isWaitingForReady
      state.isWaitingForReady = false
      defer { state.writer = nil }
      return (state.writer, ready, first)
    }
    writer?.resume(returning: nil)
    if ready { onReady() }
    if disconnectNow { onDisconnect() }
  }
}
