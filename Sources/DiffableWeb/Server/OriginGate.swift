import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The server's connections with a gate in front of the WebSocket upgrade.
///
/// Hummingbird answers every refused upgrade with 400, whatever the route decided. A page
/// from another origin is not a bad request but a forbidden one, so the gate looks at the
/// first request of each connection before the upgrade handler does, and answers an
/// upgrade to the page's socket from a refused origin with 403 itself.
struct OriginGatedChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let base: HTTP1WebSocketUpgradeChannel
  let path: String
  let isAllowed: @Sendable (String?) -> Bool

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let operations = channel.pipeline.syncOperations
      let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try operations.addHandler(
        OriginGate(path: path, isAllowed: isAllowed, logger: logger), position: .after(decoder))
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
  let logger: Logger
  private var refused = false

  init(path: String, isAllowed: @escaping @Sendable (String?) -> Bool, logger: Logger) {
    self.path = path
    self.isAllowed = isAllowed
    self.logger = logger
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // After a refusal the rest of the request is dropped while the connection closes.
    guard !refused else { return }
    guard case .head(let head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
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
