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
/// Each connection alone is bounded (a frame, and a message, of at most four times
/// ``WebServer/Configuration/maximumMessageSize``), but not all of them together: 50 pages
/// that each sent all but the last byte of a 4,000,000-byte frame took a release server
/// from 31 to 229 MB, which at 10,000 connections would be 40 GB. Past the budget, a
/// connection holding more than its share is closed, as one that does not read is: its
/// session waits for the page to resume.
///
/// Bytes are counted at two points of the connection's pipeline: as they come from the
/// socket, before the frame decoder, and as frames leave it. A control frame is done with
/// when it leaves (Hummingbird answers it); a data frame when the reader takes its message
/// (``taken()``). A frame counts as its payload and the shortest header that carries it,
/// so a peer that pads its lengths only makes its own count larger.
final class InboundMeter: Sendable {
  private struct State {
    /// This connection's part of the budget; `nil` once the connection ended.
    var claim: ByteBudgetClaim?
    var held = 0
    /// The bytes of the frames read so far of a message not yet complete.
    var message = 0
    /// The bytes of each message decoded and not yet taken by the reader, oldest first.
    var complete = Deque<Int>()

    mutating func release(_ count: Int) {
      held = max(0, held - count)
      _ = claim?.keep(held)
    }
  }

  private let state: NIOLockedValueBox<State>

  init(budget: ByteBudget) {
    state = NIOLockedValueBox(State(claim: ByteBudgetClaim(budget)))
  }

  /// The bytes this connection holds now.
  var heldBytes: Int { state.withLockedValue(\.held) }

  /// Counts `count` bytes read from the socket; returns whether the connection now holds
  /// more than its share of an overdrawn budget.
  func received(_ count: Int) -> Bool {
    state.withLockedValue { state in
      state.held += count
      return state.claim?.keep(state.held) ?? false
    }
  }

  /// Counts a frame the decoder made of bytes already received.
  func decoded(_ frame: WebSocketFrame) {
    let size = Self.wireSize(frame)
    state.withLockedValue { state in
      if frame.opcode.isControlOpcode {
        state.release(size)
      } else {
        state.message += size
        if frame.fin {
          state.complete.append(state.message)
          state.message = 0
        }
      }
    }
  }

  /// Counts the oldest message decoded as taken by the connection's reader.
  func taken() {
    state.withLockedValue { state in
      guard let message = state.complete.popFirst() else { return }
      state.release(message)
    }
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
    let logger: Logger

    init(budget: ByteBudget, logger: Logger) {
      self.budget = budget
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
        let meter = InboundMeter(budget: budget)
        try operations.addHandler(
          SocketBytes(meter: meter, logger: logger), position: .before(decoder))
        try operations.addHandler(DecodedFrames(meter: meter), position: .after(decoder))
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
  /// than its share of an overdrawn budget.
  final class SocketBytes: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let meter: InboundMeter
    let logger: Logger
    private var isClosing = false

    init(meter: InboundMeter, logger: Logger) {
      self.meter = meter
      self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard !isClosing else { return }
      guard meter.received(unwrapInboundIn(data).readableBytes) else {
        context.fireChannelRead(data)
        return
      }
      isClosing = true
      let held = meter.heldBytes
      // Given back now, not when the pipeline is torn down: what it holds is dropped.
      meter.end()
      logger.notice(
        """
        closed a WebSocket holding \(held) bytes of messages not yet read, \
        past its share of maximumTotalInboundBytes
        """)
      context.close(promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      meter.end()
    }
  }

  /// Counts the frames the decoder made; holds the meter for the connection's reader.
  final class DecodedFrames: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    let meter: InboundMeter

    init(meter: InboundMeter) { self.meter = meter }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      meter.decoded(unwrapInboundIn(data))
      context.fireChannelRead(data)
    }
  }

  /// The meter put on `channel` at its upgrade, for its reader; `nil` if it has none.
  static func on(_ channel: any Channel) async -> InboundMeter? {
    try? await channel.eventLoop.submit {
      try channel.pipeline.syncOperations.handler(type: DecodedFrames.self).meter
    }.get()
  }
}
