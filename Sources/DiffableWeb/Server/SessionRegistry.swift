import Logging
import OrderedCollections

/// The server's resumable sessions, by token: it makes sessions, resumes them for a page
/// that comes back within the grace period, and frees them after it.
@MainActor
final class SessionRegistry {
  /// How long a session outlives its connection; zero turns resuming off.
  let gracePeriod: Duration
  /// The most sessions kept without a connection; past it the oldest is freed early.
  let maximumDetached: Int
  /// The most bytes each view's log keeps.
  let logLimit: Int
  /// Each session under its current token, and under the previous one until its page has
  /// the new one.
  private var sessions: [String: WebSession] = [:]
  /// Current tokens of the sessions without a connection, oldest drop first.
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
  var count: Int { Set(sessions.values.map(ObjectIdentifier.init)).count }

  /// The session for a new connection: the one `request` resumes, or a fresh one made by
  /// `makeSession` (then `refusal` says why the request did not resume one). Either way
  /// the connection's first message, `session`, is queued in `outbox` first. `connection`
  /// identifies this connection to ``detach(_:connection:)``.
  func open(
    _ request: Result<ResumeRequest, WireSession.Refusal>?, origin: OriginParts?,
    outbox: SessionOutbox, logger: Logger, id: () -> Int,
    makeSession: WebServer.SessionFactory
  ) -> (session: WebSession, refusal: WireSession.Refusal?, resumed: Bool, connection: Int) {
    var refusal: WireSession.Refusal?
    var page: String?
    switch request {
    case .success(let request)?:
      page = request.page
      if let token = request.token {
        switch claim(token, page: request.page, origin: origin) {
        case .success(let session):
          let newToken = rotate(session, presented: token)
          session.resume?.page = request.page
          session.resume?.connection += 1
          session.attach(
            outbox, seen: request.seen, token: newToken, graceSeconds: graceSeconds)
          return (session, nil, true, session.resume?.connection ?? 0)
        case .failure(let reason):
          refusal = reason
        }
      }
    case .failure(let reason)?:
      refusal = reason
    case nil:
      break
    }
    let session = WebSession(id: id(), logger: logger, outbox: outbox)
    let token = ResumeRequest.makeToken()
    if gracePeriod > .zero {
      session.resume = ResumeState(token: token, origin: origin, page: page)
      session.registry = self
      sessions[token] = session
    }
    session.push(
      .session(
        WireSession(token: token, resumed: false, graceSeconds: graceSeconds, refused: refusal)))
    session.owner = makeSession(session)
    session.start()
    return (session, refusal, false, 0)
  }

  /// The session `token` resumes for page load `page` of `origin`, or why there is none.
  /// A session still connected is resumed only by the page load it belongs to: that page
  /// saw its connection drop before the server did (a half-open socket), and the old
  /// connection is closed. Anyone else holding the token (a duplicated tab) is refused.
  func claim(_ token: String, page: String?, origin: OriginParts?) -> Result<
    WebSession, WireSession.Refusal
  > {
    guard let session = sessions[token], let state = session.resume,
      state.token == token || state.previousToken == token
    else { return .failure(.expired) }
    guard state.origin == origin else { return .failure(.origin) }
    if !state.isDetached {
      guard let page, page == state.page else { return .failure(.inUse) }
      session.logger.info(
        "session \(session.id): its page reconnected before its old connection ended")
      session.detach(disconnecting: true)
    }
    guard state.isResumable else {
      expire(state.token)
      return .failure(.expired)
    }
    return .success(session)
  }

  /// Gives a resumed session a new token. The presented one stays good until the page
  /// shows it has the new one; any other stops working now.
  private func rotate(_ session: WebSession, presented: String) -> String {
    guard let state = session.resume else { return presented }
    for old in [state.token, state.previousToken].compactMap({ $0 }) where old != presented {
      sessions[old] = nil
    }
    detached.remove(state.token)
    session.resume?.expiry?.cancel()
    session.resume?.expiry = nil
    let token = ResumeRequest.makeToken()
    session.resume?.token = token
    session.resume?.previousToken = presented
    sessions[token] = session
    sessions[presented] = session
    return token
  }

  /// The page has its new token: the one it presented stops working.
  func forget(_ token: String) {
    if sessions[token]?.resume?.token != token { sessions[token] = nil }
  }

  /// A connection of the session ended: unless the page already replaced it, the session
  /// waits for its page for the grace period, or is freed now when resuming is off.
  func detach(_ session: WebSession, connection: Int) {
    guard let state = session.resume, sessions[state.token] === session else {
      session.close()
      return
    }
    // The page came back on a newer connection before this one ended.
    guard state.connection == connection, !state.isDetached else { return }
    session.detach()
    detached.append(state.token)
    while detached.count > maximumDetached, let oldest = detached.first {
      session.logger.notice("\(maximumDetached) sessions wait for their pages; freeing the oldest")
      expire(oldest)
    }
    let grace = gracePeriod
    let token = state.token
    session.resume?.expiry = Task { [weak self] in
      try? await Task.sleep(for: grace)
      guard !Task.isCancelled else { return }
      self?.expire(token)
    }
  }

  /// Frees the session whose current token is `token` now.
  func expire(_ token: String) {
    detached.remove(token)
    guard let session = sessions[token], session.resume?.token == token else {
      sessions[token] = nil
      return
    }
    sessions[token] = nil
    if let previous = session.resume?.previousToken { sessions[previous] = nil }
    session.resume?.expiry?.cancel()
    session.logger.info("session \(session.id) ended (not resumed in time)")
    session.close()
  }
}
