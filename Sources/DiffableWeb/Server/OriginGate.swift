import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The server's connections with a gate in front of the WebSocket upgrade.
///
/// Hummingbird answers every refused upgrade with 400, whatever the route decided. A page
/// from another origin is not a bad request but a forbidden one, so the gate looks at the
/// first request of each connection before the upgrade handler does, and answers an
/// upgrade to the page's socket from a refused origin with 403 itself.
///
/// The gate also bounds connections before anything is read from them: how many are open
/// (``ConnectionCounter``), and how long the first request's head may take. Hummingbird
/// times a connection out only once a first head has come, so a client that connected
/// and sent nothing, or a head a byte at a time, held its connection for ever.
struct OriginGatedChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let base: HTTP1WebSocketUpgradeChannel
  let path: String
  let isAllowed: @Sendable (String?) -> Bool
  let connections: ConnectionCounter
  let headTimeout: TimeAmount
  /// What all pages' connections hold of messages they sent and the server has not read.
  let inboundBudget: ByteBudget
  /// What one connection may hold of them, whatever the budget's total.
  let inboundLimit: Int

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    guard connections.admit(logger: logger) else {
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(ConnectionCounter.Refusal())
    }
    let connections = connections
    channel.closeFuture.whenComplete { _ in connections.release() }
    return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let operations = channel.pipeline.syncOperations
      let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try operations.addHandler(
        OriginGate(path: path, isAllowed: isAllowed, headTimeout: headTimeout, logger: logger),
        position: .after(decoder))
      try operations.addHandler(
        InboundMeter.Installer(budget: inboundBudget, limit: inboundLimit, logger: logger))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await ConnectionChannel.$current.withValue(value.channel) {
      await base.handle(value: value, logger: logger)
    }
  }
}

/// The connection a WebSocket handler runs on, for what the handler API can't do: write
/// without a task per connection (``OutboxWriter``), ping from the event loop
/// (``ConnectionLiveness``), and close a connection whose peer stopped reading (a polite
/// close frame would wait behind the full socket for as long as the peer likes; closing
/// the channel does not wait).
enum ConnectionChannel {
  @TaskLocal static var current: (any Channel)?
}

/// Refuses a WebSocket upgrade to `path` from an origin that is not allowed, with 403, and
/// steps aside after the connection's first request otherwise.
final class OriginGate: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let path: String
  let isAllowed: @Sendable (String?) -> Bool
  let headTimeout: TimeAmount
  let logger: Logger
  private var refused = false
  /// Closes the connection if its first request's head has not come by then.
  private var deadline: Scheduled<Void>?

  init(
    path: String, isAllowed: @escaping @Sendable (String?) -> Bool, headTimeout: TimeAmount,
    logger: Logger
  ) {
    self.path = path
    self.isAllowed = isAllowed
    self.headTimeout = headTimeout
    self.logger = logger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let (bound, logger, timeout) = (
      NIOLoopBound(context, eventLoop: context.eventLoop), logger, headTimeout
    )
    deadline = context.eventLoop.scheduleTask(in: timeout) {
      logger.info("closed a connection that sent no request head in \(timeout)")
      bound.value.close(promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // After a refusal the rest of the request is dropped while the connection closes.
    guard !refused else { return }
    guard case .head(let head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    deadline?.cancel()
    deadline = nil
    let target = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let upgrade = head.headers["upgrade"].contains { $0.lowercased().contains("websocket") }
    let origins = head.headers["origin"]
    guard upgrade, target == path, origins.count > 1 || !isAllowed(origins.first) else {
      context.fireChannelRead(data)
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
      return
    }
    refused = true
    logger.notice("refused a WebSocket from origin \(origins.joined(separator: ", "))")
    let body = "This server accepts pages from its own origin only.\n"
    var headers = HTTPHeaders()
    headers.add(name: "connection", value: "close")
    headers.add(name: "content-type", value: "text/plain; charset=utf-8")
    headers.add(name: "content-length", value: "\(body.utf8.count)")
    context.write(
      wrapOutboundOut(
        .head(HTTPResponseHead(version: head.version, status: .forbidden, headers: headers))),
      promise: nil)
    context.write(
      wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))),
      promise: nil)
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      bound.value.close(promise: nil)
    }
  }
}

/// The connections open now, against ``WebServer/Configuration/maximumConnections``.
final class ConnectionCounter: Sendable {
  /// Why a connection's setup failed: the server was at its limit (already logged).
  struct Refusal: Error {}

  let limit: Int
  /// The connections open, and whether the refusals since the count last fell below the
  /// limit have been logged (once, not once per connection of a flood).
  private let state = NIOLockedValueBox((open: 0, logged: false))

  init(limit: Int) { self.limit = max(1, limit) }

  /// Counts a new connection, or returns `false` (counting nothing) when `limit` are open.
  func admit(logger: Logger) -> Bool {
    let (admitted, log) = state.withLockedValue { state -> (Bool, Bool) in
      guard state.open >= limit else {
        state.open += 1
        return (true, false)
      }
      defer { state.logged = true }
      return (false, !state.logged)
    }
    if log {
      logger.notice("refusing connections: \(limit) are open (maximumConnections)")
    }
    return admitted
  }

  /// Counts a connection's end.
  func release() {
    state.withLockedValue { state in
      state.open -= 1
      if state.open < limit { state.logged = false }
    }
  }
}

extension TimeAmount {
  /// `duration` in nanoseconds, 0 for a negative one and the largest amount for one past it.
  init(clamping duration: Duration) {
    let (seconds, attoseconds) = duration.components
    // Both parts: -0.5 s is 0 seconds and a negative fraction.
    guard duration > .zero else {
      self = .zero
      return
    }
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    self = .nanoseconds(overflow || overflowAgain ? .max : total)
  }
}
