import Logging
import OrderedCollections

/// The server's resumable sessions, by their current token: it makes sessions, resumes
/// them for a page that comes back within the grace period, and frees them after it.
@MainActor
final class SessionRegistry {
  /// How long a session outlives its connection; zero turns resuming off.
  let gracePeriod: Duration
  /// The most sessions kept without a connection; past it the oldest is freed early.
  let maximumDetached: Int
  /// The most bytes each view's log keeps.
  let logLimit: Int
  private var sessions: [String: WebSession] = [:]
  /// Tokens of the sessions without a connection, oldest drop first.
  private var detached: OrderedSet<String> = []

  nonisolated init(gracePeriod: Duration, maximumDetached: Int, logLimit: Int) {
    self.gracePeriod = gracePeriod
    self.maximumDetached = maximumDetached
    self.logLimit = logLimit
  }

  /// The grace period in whole seconds, as the page is told.
  var graceSeconds: Int { Int(gracePeriod.components.seconds) }

  /// How many sessions wait for their page.
  var detachedCount: Int { detached.count }
  /// How many sessions can be resumed (connected or waiting).
  var count: Int { sessions.count }

  /// The session for a new connection: the one `request` resumes, or a fresh one made by
  /// `makeSession` (then `refusal` says why the request did not resume one). Either way
  /// the connection's first message, `session`, is queued in `outbox` first.
  func open(
    _ request: Result<ResumeRequest, WireSession.Refusal>?, origin: OriginParts?,
    outbox: SessionOutbox, logger: Logger, id: () -> Int,
    makeSession: WebServer.SessionFactory
  ) -> (session: WebSession, refusal: WireSession.Refusal?, resumed: Bool) {
    var refusal: WireSession.Refusal?
    switch request {
    case .success(let request)?:
      switch claim(request.token, origin: origin) {
      case .success(let session):
        let token = rotate(session, from: request.token)
        session.attach(outbox, seen: request.seen, token: token, graceSeconds: graceSeconds)
        return (session, nil, true)
      case .failure(let reason):
        refusal = reason
      }
    case .failure(let reason)?:
      refusal = reason
    case nil:
      break
    }
    let session = WebSession(id: id(), logger: logger, outbox: outbox)
    let token = ResumeRequest.makeToken()
    if gracePeriod > .zero {
      session.resume = ResumeState(token: token, origin: origin, logLimit: logLimit)
      sessions[token] = session
    }
    session.push(
      .session(
        WireSession(token: token, resumed: false, graceSeconds: graceSeconds, refused: refusal)))
    session.owner = makeSession(session)
    session.start()
    return (session, refusal, false)
  }

  /// The session `token` resumes for a page of `origin`, or why there is none.
  func claim(_ token: String, origin: OriginParts?) -> Result<WebSession, WireSession.Refusal> {
    guard let session = sessions[token], let state = session.resume else {
      return .failure(.expired)
    }
    guard state.origin == origin else { return .failure(.origin) }
    guard state.isDetached else { return .failure(.inUse) }
    guard state.isResumable else {
      expire(token)
      return .failure(.expired)
    }
    return .success(session)
  }

  /// Gives a resumed session a new token; the old one stops working.
  private func rotate(_ session: WebSession, from old: String) -> String {
    sessions[old] = nil
    detached.remove(old)
    session.resume?.expiry?.cancel()
    session.resume?.expiry = nil
    let token = ResumeRequest.makeToken()
    sessions[token] = session
    return token
  }

  /// The session's connection ended: it waits for its page for the grace period, or is
  /// freed now when resuming is off.
  func detach(_ session: WebSession) {
    guard let token = session.resume?.token, sessions[token] === session else {
      session.close()
      return
    }
    session.detach()
    detached.append(token)
    while detached.count > maximumDetached, let oldest = detached.first {
      session.logger.notice("\(maximumDetached) sessions wait for their pages; freeing the oldest")
      expire(oldest)
    }
    let grace = gracePeriod
    session.resume?.expiry = Task { [weak self] in
      try? await Task.sleep(for: grace)
      guard !Task.isCancelled else { return }
      self?.expire(token)
    }
  }

  /// Frees the session `token` resumes now.
  func expire(_ token: String) {
    detached.remove(token)
    guard let session = sessions.removeValue(forKey: token) else { return }
    session.resume?.expiry?.cancel()
    session.logger.info("session \(session.id) ended (not resumed in time)")
    session.close()
  }
}
