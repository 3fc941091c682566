import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket
import Synchronization

/// Moves one connection's messages from its ``SessionOutbox`` to the socket, on the
/// connection's event loop and without a task of its own.
///
/// Most of an idle page's memory is what its connection holds, and Swift tasks with the
/// stacks they grow are a large part of that (heaptrack on 300 idle Recipes pages: about
/// 20 KB of task stacks per connection). A writer task of its own took an idle Recipes
/// session from 44.5 to 49.5 KB (load benchmark, 1,000 pages). So the writer is callbacks:
/// the outbox calls ``wake()`` when a message arrives after ``SessionOutbox/take()`` found
/// none, and each write's completion hands the socket more.
///
/// The writer stops taking messages once ``window`` bytes are handed to NIO and not yet written to
/// the socket (one message may pass it); the rest wait in the outbox, where its limit applies. What
/// is handed to NIO still counts in the outbox's budget until written
/// (``SessionOutbox/inFlight(_:)``). A page that stops reading fills the window, then the outbox,
/// and the session coalesces its views and finally disconnects the page, as with a writer task
/// blocked on the socket. Once the connection is closed the writer takes nothing more, so what is
/// still queued stays in the outbox for a session that waits for its page; what it had already
/// handed to NIO (up to the window) is lost with the connection.
final class OutboxWriter: Sendable {
  /// How many bytes may be on their way to the socket at once.
  static let window = 64 << 10

  private struct State {
    /// Bytes written to the channel whose writes have not completed.
    var inFlight = 0
    var isPumping = false
    var needsAnotherPass = false
  }

  private let channel: any Channel
  private let outbox: SessionOutbox
  private let state: NIOLoopBoundBox<State>
  /// Set once the connection closed or the writer gave up; atomic so that a push from off
  /// the event loop schedules nothing then (the loop may be shutting down with the server).
  private let finished = Atomic(false)
  private var isFinished: Bool { finished.load(ordering: .relaxed) }
  private let logger: Logger
  /// The session's number, for the log; set once the session exists.
  let sessionID = Atomic(0)

  /// Creates a writer for `channel` and the outbox it drains, which `makeOutbox` creates
  /// with the `onReady` callback it is given.
  init(
    channel: any Channel, logger: Logger,
    makeOutbox: (_ onReady: @escaping @Sendable () -> Void) -> SessionOutbox
  ) {
    self.channel = channel
    self.logger = logger
    self.state = .makeBoxSendingValue(State(), eventLoop: channel.eventLoop)
    // The outbox holds the callback and this writer holds the outbox: the callback's
    // reference is weak, so the two go away with the connection.
    let box = WeakWriter()
    self.outbox = makeOutbox { box.writer?.wake() }
    box.writer = self
  }

  /// The outbox this writer drains.
  var queue: SessionOutbox { outbox }

  /// Starts writing: what is queued now, and from then on what arrives, until the
  /// connection closes.
  func start() {
    channel.closeFuture.whenComplete { _ in self.finish() }
    wake()
  }

  /// Asks for a pass on the event loop. Safe from any thread.
  func wake() {
    guard !isFinished else { return }
    channel.eventLoop.execute { self.pump() }
  }

  /// Writes queued messages until the window is full or the outbox is empty. A pass
  /// started from inside another (a write completing during a flush) is folded into it.
  private func pump() {
    guard !isFinished else { return }
    guard !state.value.isPumping else {
      state.value.needsAnotherPass = true
      return
    }
    state.value.isPumping = true
    defer { state.value.isPumping = false }
    repeat {
      state.value.needsAnotherPass = false
      var wrote = false
      // A write to a closed channel fails at once, inside `write`: without the first two
      // conditions one push after a drop would empty the outbox into the dead socket, and
      // the app messages a waiting session keeps for its page would be lost (review).
      drain: while !isFinished, channel.isActive,
        state.value.inFlight < Self.window
      {
        switch outbox.take() {
        case .message(let text):
          write(text)
          wrote = true
        case .empty:
          break drain
        case .closed:
          // The session is done with the page: closing the channel ends the reader too.
          finish()
          return
        }
      }
      if wrote { channel.flush() }
    } while state.value.needsAnotherPass && !isFinished
  }

  private func write(_ text: String) {
    let buffer = channel.allocator.buffer(string: text)
    let size = buffer.readableBytes
    state.value.inFlight += size
    outbox.inFlight(size)
    let promise = channel.eventLoop.makePromise(of: Void.self)
    promise.futureResult.whenComplete { result in
      self.state.value.inFlight -= size
      self.outbox.inFlight(-size)
      switch result {
      case .success:
        self.pump()
      case .failure(let error):
        if !self.isFinished {
          self.logger.notice(
            "session \(self.sessionID.load(ordering: .relaxed)): writing failed with \(error)")
        }
        self.finish()
      }
    }
    channel.write(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: promise)
  }

  /// The connection is over: a write failed, or the outbox closed.
  private func finish() {
    guard !finished.exchange(true, ordering: .relaxed) else { return }
    channel.close(promise: nil)
  }
}

/// The outbox's way back to its writer, which it must not keep alive.
private final class WeakWriter: Sendable {
  private struct Reference { weak var writer: OutboxWriter? }
  private let reference = NIOLockedValueBox(Reference())

  var writer: OutboxWriter? {
    get { reference.withLockedValue { $0.writer } }
    set { reference.withLockedValue { $0.writer = newValue } }
  }
}
