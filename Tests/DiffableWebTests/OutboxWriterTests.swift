import Logging
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import DiffableWeb

#if canImport(Glibc)
  import Glibc
#endif

/// The connection's writer and pinger on an `EmbeddedChannel`, whose event loop runs only
/// when the test says so. The tests are synchronous: the channel belongs to this thread.
@Suite("Outbox writer and connection liveness")
struct OutboxWriterTests {
  static func makeWriter(_ channel: EmbeddedChannel) -> OutboxWriter {
    OutboxWriter(channel: channel, logger: Logger(label: "test")) { onReady in
      SessionOutbox(limit: 1 << 20, onReady: onReady)
    }
  }

  /// A connected channel. Each test closes its own: an open `EmbeddedChannel` keeps its
  /// pipeline alive, which LeakSanitizer reports (CI).
  /// A writer that has started and written what there was (nothing).
  static func startedWriter(_ channel: EmbeddedChannel) -> OutboxWriter {
    let writer = makeWriter(channel)
    writer.start()
    channel.embeddedEventLoop.run()
    return writer
  }

  static func connected(_ handler: (any ChannelHandler)? = nil) throws -> EmbeddedChannel {
    let channel = EmbeddedChannel(handler: handler)
    try channel.connect(to: .init(ipAddress: "127.0.0.1", port: 1)).wait()
    return channel
  }

  static func close(_ channel: EmbeddedChannel) {
    _ = try? channel.close().wait()
    channel.embeddedEventLoop.run()
  }

  /// The text frames written so far, oldest first.
  static func written(_ channel: EmbeddedChannel) throws -> [String] {
    var texts: [String] = []
    while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
      #expect(frame.opcode == .text && frame.fin)
      texts.append(String(buffer: frame.unmaskedData))
    }
    return texts
  }

  @Test func queuedMessagesAndLaterOnesAreWrittenInOrder() throws {
    let channel = try Self.connected()
    defer { Self.close(channel) }
    let writer = Self.makeWriter(channel)
    _ = writer.queue.push("one", view: "list")
    _ = writer.queue.push("two", view: nil)
    #expect(try Self.written(channel).isEmpty, "nothing before start")
    writer.start()
    channel.embeddedEventLoop.run()
    #expect(try Self.written(channel) == ["one", "two"])
    _ = writer.queue.push("three", view: nil)
    channel.embeddedEventLoop.run()
    #expect(try Self.written(channel) == ["three"])
    #expect(writer.queue.queuedBytes == 0)
  }

  @Test func closingTheOutboxClosesTheConnection() throws {
    let channel = try Self.connected()
    defer { Self.close(channel) }
    let writer = Self.startedWriter(channel)
    writer.queue.close()
    channel.embeddedEventLoop.run()
    #expect(!channel.isActive)
  }

  /// Regression (review): a write to a closed channel fails at once, and the writer went
  /// on taking every queued message into the dead socket, so the app messages a waiting
  /// session keeps for its page were lost.
  @Test func afterTheConnectionClosesMessagesStayQueuedForTheSession() throws {
    let channel = try Self.connected()
    defer { Self.close(channel) }
    let writer = Self.startedWriter(channel)
    try channel.close().wait()
    channel.embeddedEventLoop.run()
    _ = writer.queue.push("app-1", view: nil)
    _ = writer.queue.push("batch", view: "list")
    _ = writer.queue.push("app-2", view: nil)
    channel.embeddedEventLoop.run()
    #expect(writer.queue.takeMessagesOfNoView() == ["app-1", "app-2"])
  }

  /// The same when the connection dies under a busy writer: the first write fails at once,
  /// and the writer stops there instead of emptying the outbox into the dead socket.
  @Test func aFailedWriteStopsTheWriterWithTheRestStillQueued() throws {
    let channel = try Self.connected(WriteFailer())
    defer { Self.close(channel) }
    let writer = Self.makeWriter(channel)
    for text in ["app-1", "app-2", "app-3"] { _ = writer.queue.push(text, view: nil) }
    writer.start()
    channel.embeddedEventLoop.run()
    #expect(!channel.isActive)
    #expect(writer.queue.takeMessagesOfNoView() == ["app-2", "app-3"])
  }

  /// What the writer handed to the socket and is not yet written still counts in the
  /// outbox's budget: a page that stops reading holds it as it holds its queue (one
  /// message can be a structure of megabytes). Past the budget, it makes the outbox
  /// over its share; once written, or the outbox closed, it leaves the budget.
  @Test func writesNotYetWrittenCountInTheOutboxBudget() throws {
    let staller = WriteStaller()
    let channel = try Self.connected(staller)
    defer { Self.close(channel) }
    let budget = ByteBudget(limit: 1_000, expectedHolders: 1)
    let writer = OutboxWriter(channel: channel, logger: Logger(label: "test")) { onReady in
      SessionOutbox(limit: 1 << 20, budget: budget, onReady: onReady)
    }
    writer.start()
    _ = writer.queue.push(String(repeating: "s", count: 900), view: "list")
    channel.embeddedEventLoop.run()
    #expect(writer.queue.queuedBytes == 0, "taken by the writer")
    #expect(budget.heldBytes == 900, "handed to the socket, not written")
    #expect(
      writer.queue.push(String(repeating: "b", count: 100), view: "list") == .overLimit,
      "1,064 queued and in flight, past the budget of 1,000 and over its share")
    channel.embeddedEventLoop.run()
    #expect(budget.heldBytes == 1_000, "both handed to the socket")
    staller.completeAll()
    channel.embeddedEventLoop.run()
    #expect(budget.heldBytes == 0, "both written")
    _ = writer.queue.push(String(repeating: "c", count: 700), view: "list")
    channel.embeddedEventLoop.run()
    #expect(budget.heldBytes == 700)
    writer.queue.close()
    #expect(budget.heldBytes == 0, "a closed outbox's writes leave the budget")
    #expect(budget.holderCount == 0)
  }

  @Test func anIdleConnectionIsPingedEachInterval() throws {
    let channel = try Self.connected()
    defer { Self.close(channel) }
    let task = ConnectionLiveness.start(on: channel, every: .seconds(30))
    #expect(task != nil)
    #if os(Linux)
      // The kernel gives up on unacknowledged data after two intervals.
      let option = ChannelOptions.Types.SocketOption(
        level: .tcp, name: .init(rawValue: CInt(TCP_USER_TIMEOUT)))
      #expect(try channel.getOption(option).wait() == 60_000)
    #endif
    channel.embeddedEventLoop.advanceTime(by: .seconds(29))
    #expect(try channel.readOutbound(as: WebSocketFrame.self) == nil)
    for _ in 0..<2 {
      channel.embeddedEventLoop.advanceTime(by: .seconds(1))
      let ping = try #require(try channel.readOutbound(as: WebSocketFrame.self))
      #expect(ping.opcode == .ping && ping.fin)
      channel.embeddedEventLoop.advanceTime(by: .seconds(29))
    }
    #expect(channel.isActive)
    try channel.close().wait()
    channel.embeddedEventLoop.advanceTime(by: .seconds(60))
    #expect(try channel.readOutbound(as: WebSocketFrame.self) == nil, "no ping after close")
  }

  @Test func zeroTurnsPingsOff() throws {
    let channel = try Self.connected()
    defer { Self.close(channel) }
    #expect(ConnectionLiveness.start(on: channel, every: .zero) == nil)
    channel.embeddedEventLoop.advanceTime(by: .seconds(3_600))
    #expect(try channel.readOutbound(as: WebSocketFrame.self) == nil)
  }

  /// A page that reads nothing while its machine acknowledges TCP: the ping cannot be
  /// written, and when the next is due the connection is closed instead of queuing more.
  @Test func aPingStillUnwrittenAtTheNextIntervalClosesTheConnection() throws {
    let channel = try Self.connected(WriteStaller())
    defer { Self.close(channel) }
    ConnectionLiveness.start(on: channel, every: .seconds(1))
    channel.embeddedEventLoop.advanceTime(by: .seconds(1))
    #expect(channel.isActive, "one ping waits")
    channel.embeddedEventLoop.advanceTime(by: .seconds(1))
    #expect(!channel.isActive)
  }

  @Test func aPingIntervalIsWholeMillisecondsCappedAtADay() {
    #expect(ConnectionLiveness.milliseconds(.seconds(30)) == 30_000)
    #expect(ConnectionLiveness.milliseconds(.milliseconds(1_500)) == 1_500)
    #expect(ConnectionLiveness.milliseconds(.zero) == 0)
    #expect(ConnectionLiveness.milliseconds(.seconds(-3)) == 0)
    #expect(ConnectionLiveness.milliseconds(.seconds(Int64.max)) == 86_400_000)
  }
}

/// Holds every write without completing it, as a socket whose peer reads nothing does.
private final class WriteStaller: ChannelOutboundHandler {
  typealias OutboundIn = WebSocketFrame
  private var held: [EventLoopPromise<Void>?] = []

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    held.append(promise)
  }

  /// Completes the writes held so far, as a socket that drains does.
  func completeAll() {
    let promises = held
    held = []
    for promise in promises { promise?.succeed() }
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    for promise in held { promise?.fail(ChannelError.ioOnClosedChannel) }
    held = []
    context.close(mode: mode, promise: promise)
  }
}

/// Fails every write at once, as writing to a connection that just died does.
private final class WriteFailer: ChannelOutboundHandler {
  typealias OutboundIn = WebSocketFrame

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    promise?.fail(ChannelError.ioOnClosedChannel)
  }
}
