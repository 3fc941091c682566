import DequeModule
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// What a page's connection has sent that the server still holds, counted against the
/// server's budget for it (``WebServer/Configuration/maximumTotalInboundBytes``): the
/// bytes of a frame not yet complete, the frames of a message not yet complete, and the
/// messages its reader has not taken yet.
///
/// Each connection's frame and message are bounded in payload (four times
/// ``WebServer/Configuration/maximumMessageSize``), but neither what a message of many
/// empty frames holds (about 150 bytes per 6-byte frame) nor all connections together: 50
/// pages that each sent all but the last byte of a 4,000,000-byte frame took a release
/// server from 33 to 229 MB, which at 10,000 connections would be 40 GB. A connection
/// that holds more than its own limit (twice the largest frame), or more than its share
/// while the budget is past its limit, is closed, as one that does not read is: its
/// session waits for the page to resume.
///
/// Bytes are counted at two points of the connection's pipeline: as they come from the
/// socket, before the frame decoder, and as frames leave it. A frame counts as its payload
/// and the shortest header that carries it, so a peer that pads its lengths only makes its
/// own count larger, plus ``frameOverhead`` for what the server keeps of each frame apart
/// from its bytes: without it, a flood of empty frames (a continuation or a ping is 6 bytes
/// on the wire) would be counted at a fraction of what it holds. A frame is done with when
/// the reader has taken (``taken()``) the message it belongs to, or the next one for a
/// frame between messages: Hummingbird handles control frames only as the reader pulls
/// the next message, so they wait in the connection's queue until then. Pongs, the only
/// control frames a browser sends (answers to ``ConnectionLiveness``'s pings, which do
/// not check them), are dropped as they are decoded.
final class InboundMeter: Sendable {
  /// Locked: the event loop and the connection's reader both use it.
  private struct State: @unchecked Sendable {
    /// This connection's part of the budget; `nil` once the connection ended.
    var claim: ByteBudgetClaim?
    let limit: Int
    var held = 0
    /// The bytes of the frames decoded since the last message's end.
    var message = 0
    /// The bytes of each message decoded and not yet taken by the reader, oldest first.
    var complete = Deque<Int>()
    /// Set once the meter has decided to close the connection: what arrives after that is
    /// dropped, by both of its handlers.
    var isClosing = false

    /// Counts `count` bytes more, and closes the connection if it now holds more than its
    /// limit, or than its share of an overdrawn budget.
    mutating func hold(_ count: Int) -> Decision {
      held += count
      let isOverShare = claim?.keep(held) ?? false
      guard isOverShare || held > limit else { return .forward }
      isClosing = true
      return .close
    }

    /// Counts `count` bytes given back. Never closes: a connection is judged only as it
    /// grows, so one over its share can still get back under it.
    mutating func release(_ count: Int) {
      held = max(0, held - count)
      _ = claim?.keep(held)
    }
  }

  /// What the server keeps of a frame apart from its bytes (its buffer's storage and a
  /// place in the message being assembled), measured: 20 connections that each sent
  /// 200,000 empty continuation frames of one message grew a release server by 30 MB each,
  /// about 150 bytes per frame (`inbound_memory.py --empty-frames 200000`).
  static let frameOverhead = 160

  /// What to do with what a connection's handler read: the same three answers for the
  /// socket's bytes and for the frames decoded from them.
  enum Decision: Equatable {
    /// Pass it on down the pipeline.
    case forward
    /// Drop it: a pong, which nothing reads, or anything once the connection is closing.
    case drop
    /// Close the connection: it holds more than its limit, or than its share of an
    /// overdrawn budget.
    case close
  }

  private let state: NIOLockedValueBox<State>

  /// Creates a meter with its part of `budget`, for a connection that may hold up to
  /// `limit` bytes whatever the budget's total.
  init(budget: ByteBudget, limit: Int) {
    state = NIOLockedValueBox(State(claim: ByteBudgetClaim(budget), limit: limit))
  }

  /// The bytes this connection holds now.
  var heldBytes: Int { state.withLockedValue(\.held) }

  /// Counts `count` bytes read from the socket.
  func received(_ count: Int) -> Decision {
    state.withLockedValue { state in
      state.isClosing ? .drop : state.hold(count)
    }
  }

  /// Counts a frame the decoder made of bytes already received.
  func decoded(_ frame: WebSocketFrame) -> Decision {
    let size = Self.wireSize(frame)
    return state.withLockedValue { state in
      guard !state.isClosing else { return .drop }
      if frame.opcode == .pong {
        state.release(size)
        return .drop
      }
      state.message += size + Self.frameOverhead
      if frame.fin && !frame.opcode.isControlOpcode {
        state.complete.append(state.message)
        state.message = 0
      }
      return state.hold(Self.frameOverhead)
    }
  }

  /// Counts the oldest message decoded as taken by the connection's reader: it and every
  /// frame before it are done with.
  func taken() {
    state.withLockedValue { state in
      guard let message = state.complete.popFirst() else {
        // Bytes that reached the reader without passing the meter: the count is too low.
        assertionFailure("InboundMeter.taken(): the reader took a message never decoded")
        return
      }
      state.release(message)
    }
  }

  /// Does what `decision` says with `data`, which a handler of the connection read.
  func carryOut(
    _ decision: Decision, for data: NIOAny, on context: ChannelHandlerContext, logger: Logger
  ) {
    switch decision {
    case .forward: context.fireChannelRead(data)
    case .drop: break
    case .close: close(context, logger: logger)
    }
  }

  /// Closes a connection that holds more than its limit, or than its share of an overdrawn
  /// budget.
  private func close(_ context: ChannelHandlerContext, logger: Logger) {
    let held = heldBytes
    // Given back now, not when the pipeline is torn down: what it holds is being dropped.
    end()
    logger.notice(
      """
      closed a WebSocket holding \(held) bytes of messages not yet read, \
      past its limit or its share of maximumTotalInboundBytes
      """)
    context.close(promise: nil)
  }

  /// Gives the connection's bytes and share back: the connection has ended.
  func end() {
    state.withLockedValue { $0.claim = nil }
  }

  /// A frame's payload and the shortest header that carries it.
  static func wireSize(_ frame: WebSocketFrame) -> Int {
    let payload = frame.length
    let lengthField = payload < 126 ? 0 : payload <= 0xFFFF ? 2 : 8
    return 2 + lengthField + (frame.maskKey == nil ? 0 : 4) + payload
  }
}

extension InboundMeter {
  /// Puts a connection's meter in place when its WebSocket upgrade completes, before the
  /// bytes that came with the upgrade request reach the frame decoder; added behind the
  /// upgrade handler of every connection, it steps aside after the upgrade, and plain
  /// HTTP requests only pass through it.
  final class Installer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    let budget: ByteBudget
    let limit: Int
    let logger: Logger

    init(budget: ByteBudget, limit: Int, logger: Logger) {
      self.budget = budget
      self.limit = limit
      self.logger = logger
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      guard case .upgradeComplete = event as? HTTPServerUpgradeEvents else {
        context.fireUserInboundEventTriggered(event)
        return
      }
      let operations = context.pipeline.syncOperations
      do {
        let decoder = try operations.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
        let meter = InboundMeter(budget: budget, limit: limit)
        try operations.addHandler(
          SocketBytes(meter: meter, logger: logger), position: .before(decoder))
        try operations.addHandler(
          DecodedFrames(meter: meter, logger: logger), position: .after(decoder))
      } catch {
        // Without its meter a connection could hold what the budget is for.
        logger.error("closed a WebSocket whose inbound bytes could not be counted: \(error)")
        context.close(promise: nil)
      }
      context.fireUserInboundEventTriggered(event)
      operations.removeHandler(context: context, promise: nil)
    }
  }

  /// Counts the bytes read from the socket, and closes the connection once it holds more
  /// than its limit, or than its share of an overdrawn budget.
  final class SocketBytes: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let meter: InboundMeter
    let logger: Logger

    init(meter: InboundMeter, logger: Logger) {
      self.meter = meter
      self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let decision = meter.received(unwrapInboundIn(data).readableBytes)
      meter.carryOut(decision, for: data, on: context, logger: logger)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      meter.end()
    }
  }

  /// Counts the frames the decoder made, drops pongs, and closes the connection once it
  /// holds more than its limit, or than its share of an overdrawn budget; holds the meter
  /// for the reader.
  final class DecodedFrames: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    let meter: InboundMeter
    let logger: Logger

    init(meter: InboundMeter, logger: Logger) {
      self.meter = meter
      self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let decision = meter.decoded(unwrapInboundIn(data))
      meter.carryOut(decision, for: data, on: context, logger: logger)
    }
  }

  /// The meter put on `channel` at its upgrade, for its reader; `nil` if it has none.
  static func on(_ channel: any Channel) async -> InboundMeter? {
    try? await channel.eventLoop.submit {
      try channel.pipeline.syncOperations.handler(type: DecodedFrames.self).meter
    }.get()
  }
}
