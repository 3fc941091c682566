import HummingbirdWebSocket
import Logging
import NIOCore

/// One page's WebSocket connection: opens or resumes its session, reads the page's
/// messages into it, and hands it back to the registry when the connection ends.
///
/// A server holds thousands of idle connections, each parked in ``read(_:into:)`` with
/// the frames of every function on its way there, so the work is split where it stops
/// mattering: opening and closing run in functions of their own, whose frames are gone
/// while the page is idle, and writing has no task at all (``OutboxWriter``).
struct PageConnection: Sendable {
  let configuration: WebServer.Configuration
  let registry: SessionRegistry
  let sessions: SessionCounter
  /// What all pages' outboxes hold together.
  let budget: ByteBudget
  let makeSession: WebServer.SessionMaker
  let logger: Logger

  /// Serves one connection until the page or the session ends it.
  func serve(
    _ inbound: WebSocketInboundStream, channel: any Channel,
    resuming request: Result<ResumeRequest, WireSession.Refusal>?, origin: OriginParts?
  ) async {
    // Giving up on a page closes its channel directly: the socket may be full and the
    // reader waiting for a page that sends nothing.
    let writer = OutboxWriter(channel: channel, logger: logger) { [configuration, budget] onReady in
      SessionOutbox(
        limit: configuration.maximumPendingBytes, budget: budget,
        onDisconnect: { channel.close(promise: nil) }, onReady: onReady)
    }
    let (session, connection) = await open(request, origin: origin, outbox: writer.queue)
    writer.sessionID.store(session.id, ordering: .relaxed)
    // Whichever ends first ends the connection: the page closing (the reader, this task),
    // or the session giving up on a page that does not read (the writer closes the
    // channel, which ends the reader).
    writer.start()
    let ping = ConnectionLiveness.start(on: channel, every: configuration.pingInterval)
    await read(inbound, into: session, meter: await InboundMeter.on(channel))
    ping?.cancel()
    await close(session, connection: connection, outbox: writer.queue)
  }

  private func open(
    _ request: Result<ResumeRequest, WireSession.Refusal>?, origin: OriginParts?,
    outbox: SessionOutbox
  ) async -> (SessionHost, connection: Int) {
    // The registry logs the opening, before the page can hear of it.
    let (session, _, _, connection) = await registry.open(
      request, origin: origin, outbox: outbox, logger: logger, id: sessions.next(),
      factory: makeSession)
    return (session, connection)
  }

  private func read(
    _ inbound: WebSocketInboundStream, into session: SessionHost, meter: InboundMeter?
  ) async {
    do {
      for try await message in inbound.messages(maxSize: configuration.transportLimit) {
        if case .text(let text) = message {
          await session.run { $0.receive(text) }
        } else {
          await session.run { $0.refuse(WireError(.malformed, "messages are JSON text frames")) }
        }
        // Only now: until its session has read it, the message is still held.
        meter?.taken()
      }
    } catch {
      logger.notice("session \(session.id): connection ended with \(error)")
    }
  }

  private func close(_ session: SessionHost, connection: Int, outbox: SessionOutbox) async {
    await session.run { [registry] in registry.detach($0, from: session, connection: connection) }
    // Detaching closed it already; nothing may follow WebSocket's closing frame.
    outbox.close()
    // Disconnected for its outbox: the page read too slowly for its own limit, or for
    // its share of the server's budget while all pages' messages were past it.
    let reason = " (its messages waiting were past their limit or their share of the budget)"
    logger.info("session \(session.id) closed\(outbox.wantsDisconnect ? reason : "")")
  }
}
