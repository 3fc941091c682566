import Logging
import NIOConcurrencyHelpers
import OrderedCollections

/// The server's resumable sessions, by token: it makes sessions, resumes them for a page
/// that comes back within the grace period, and frees them after it.
///
/// Sessions run on actors of their own (or all on the main actor), so the registry is
/// shared by many: its maps sit behind a lock, and whatever concerns one session's state
/// runs on that session's actor (the methods that take a ``WebSession``), which keeps each
/// decision and the session's change it leads to in one step.
final class SessionRegistry: Sendable {
  /// How long a session outlives its connection; zero turns resuming off.
  let gracePeriod: Duration
  /// The most sessions kept without a connection; past it the oldest is freed early.
  let maximumDetached: Int
  /// The most bytes each view's log keeps.
  let logLimit: Int
  /// What all sessions keep together for pages that may resume: their views' logs and the
  /// app messages held while a page is away.
  let resumeBudget: ByteBudget
  /// What all sessions' list views keep of cells together, counted in cells.
  let cellBudget: ByteBudget

  private struct Maps {
    /// Each session under its current token, and under the previous one until its page
    /// has the new one.
    var sessions: [String: SessionHost] = [:]
    /// Current tokens of the sessions without a connection, oldest drop first.
    var detached: OrderedSet<String> = []
    /// Sessions freed early whose actor has yet to close them: they resume no more.
    var ending: Set<ObjectIdentifier> = []
  }
  private let maps = NIOLockedValueBox(Maps())

  init(
    gracePeriod: Duration, maximumDetached: Int, logLimit: Int, resumeBudget: Int = .max,
    resumeHolders: Int = 1, liveCells: Int = .max, cellHolders: Int = 1
  ) {
    self.gracePeriod = gracePeriod
    self.maximumDetached = maximumDetached
    self.logLimit = logLimit
    self.resumeBudget = ByteBudget(limit: resumeBudget, expectedHolders: resumeHolders)
    self.cellBudget = ByteBudget(limit: liveCells, expectedHolders: cellHolders)
  }

  /// The registry of a server with `configuration`: its limits, and its budgets shared by
  /// the sessions it keeps.
  convenience init(configuration: WebServer.Configuration) {
    self.init(
      gracePeriod: max(.zero, configuration.sessionGracePeriod),
      maximumDetached: max(0, configuration.maximumDetachedSessions),
      logLimit: max(0, configuration.resumeLogLimit),
      resumeBudget: configuration.maximumTotalResumeBytes,
      resumeHolders: configuration.expectedResumeHolders,
      liveCells: configuration.maximumTotalLiveCells,
      cellHolders: configuration.maximumConnections)
  }

  /// The grace period in whole seconds, as the page is told.
  var graceSeconds: Int { Int(gracePeriod.components.seconds) }

  /// How many sessions wait for their page.
  var detachedCount: Int { maps.withLockedValue { $0.detached.count } }
  /// How many sessions can be resumed (connected or waiting).
  var count: Int {
    maps.withLockedValue { Set($0.sessions.values.map(ObjectIdentifier.init)).count }
  }

  /// The session for a new connection: the one `request` resumes, or a fresh one made by
  /// `factory` (then `refusal` says why the request did not resume one). Either way the
  /// connection's first message, `session`, is queued in `outbox` first. `connection`
  /// identifies this connection to ``detach(_:from:connection:)``.
  func open(
    _ request: Result<ResumeRequest, WireSession.Refusal>?, origin: OriginParts?,
    outbox: SessionOutbox, logger: Logger, id: Int, factory: WebServer.SessionMaker
  ) async -> (host: SessionHost, refusal: WireSession.Refusal?, resumed: Bool, connection: Int) {
    var refusal: WireSession.Refusal?
    var page: String?
    switch request {
    case .success(let request)?:
      page = request.page
      if let token = request.token {
        if let host = maps.withLockedValue({ $0.sessions[token] }) {
          let outcome = await host.run { session in
            self.resume(
              session, of: host, presenting: token, request: request, origin: origin,
              outbox: outbox)
          }
          switch outcome {
          case .success(let connection): return (host, nil, true, connection)
          case .failure(let reason): refusal = reason
          }
        } else {
          refusal = .expired
        }
      }
    case .failure(let reason)?:
      refusal = reason
    case nil:
      break
    }
    let isolation = factory.isolation
    let host = SessionHost(
      WebSession(id: id, logger: logger, isolation: isolation, outbox: outbox),
      isolation: isolation)
    let token = ResumeRequest.makeToken()
    let resumable = gracePeriod > .zero
    if resumable { maps.withLockedValue { $0.sessions[token] = host } }
    let (graceSeconds, pageLoad, refused) = (graceSeconds, page, refusal)
    await factory.start(host) { session in
      session.cellBudget = self.cellBudget
      if resumable {
        session.resume = ResumeState(
          token: token, origin: origin, page: pageLoad, budget: self.resumeBudget)
        session.registry = self
      }
      session.logger.info(
        "session \(session.id) opened\(refused.map { " (not resumed: \($0.rawValue))" } ?? "")")
      session.push(
        .session(
          WireSession(token: token, resumed: false, graceSeconds: graceSeconds, refused: refused)))
    }
    return (host, refusal, false, 0)
  }

  /// Resumes `session`, which `token` was found under, for the page load of `request`, on
  /// the session's actor; returns the new connection's number, or why it cannot resume.
  ///
  /// A session still connected is resumed only by the page load it belongs to: that page
  /// saw its connection drop before the server did (a half-open socket), and the old
  /// connection is closed. Anyone else holding the token (a duplicated tab) is refused.
  func resume(
    _ session: WebSession, of host: SessionHost, presenting token: String,
    request: ResumeRequest, origin: OriginParts?, outbox: SessionOutbox
  ) -> Result<Int, WireSession.Refusal> {
    guard let state = session.resume, state.token == token || state.previousToken == token,
      maps.withLockedValue({
        $0.sessions[token] === host && !$0.ending.contains(ObjectIdentifier(host))
      })
    else { return .failure(.expired) }
    guard state.origin == origin else { return .failure(.origin) }
    if !state.isDetached {
      guard let page = request.page, page == state.page else { return .failure(.inUse) }
      session.logger.info(
        "session \(session.id): its page reconnected before its old connection ended")
      session.detach(disconnecting: true)
    }
    guard state.isResumable else {
      end(session, of: host, token: state.token)
      return .failure(.expired)
    }
    let newToken = rotate(session, of: host, presented: token)
    session.resume?.page = request.page
    session.resume?.connection += 1
    // Logged before the page is told, so a log read after the page hears of it has it.
    session.logger.info("session \(session.id) resumed")
    session.attach(outbox, seen: request.seen, token: newToken, graceSeconds: graceSeconds)
    return .success(session.resume?.connection ?? 0)
  }

  /// Gives a resumed session a new token. The presented one stays good until the page
  /// shows it has the new one; any other stops working now.
  private func rotate(_ session: WebSession, of host: SessionHost, presented: String) -> String {
    guard let state = session.resume else { return presented }
    let token = ResumeRequest.makeToken()
    maps.withLockedValue { maps in
      for old in [state.token, state.previousToken].compactMap({ $0 }) where old != presented {
        maps.sessions[old] = nil
      }
      maps.detached.remove(state.token)
      maps.sessions[token] = host
      maps.sessions[presented] = host
    }
    session.resume?.expiry?.cancel()
    session.resume?.expiry = nil
    session.resume?.token = token
    session.resume?.previousToken = presented
    return token
  }

  /// The page has its new token: the one it presented stops working.
  func forget(_ token: String) {
    maps.withLockedValue { _ = $0.sessions.removeValue(forKey: token) }
  }

  /// A connection of the session ended, on the session's actor: unless the page already
  /// replaced it, the session waits for its page for the grace period, or is freed now when
  /// resuming is off.
  func detach(_ session: WebSession, from host: SessionHost, connection: Int) {
    guard let state = session.resume, maps.withLockedValue({ $0.sessions[state.token] === host })
    else {
      session.close()
      return
    }
    // The page came back on a newer connection before this one ended.
    guard state.connection == connection, !state.isDetached else { return }
    session.detach()
    let evicted = maps.withLockedValue { maps -> [(String, SessionHost)] in
      maps.detached.append(state.token)
      var evicted: [(String, SessionHost)] = []
      while maps.detached.count > maximumDetached {
        let oldest = maps.detached.removeFirst()
        guard let other = maps.sessions[oldest] else { continue }
        // From now on it resumes no more, though its own actor closes it later.
        maps.ending.insert(ObjectIdentifier(other))
        evicted.append((oldest, other))
      }
      return evicted
    }
    let token = state.token
    for (oldest, other) in evicted {
      session.logger.notice("\(maximumDetached) sessions wait for their pages; freeing the oldest")
      if other === host {
        end(session, of: host, token: token)
        return
      }
      Task { await other.run { self.end($0, of: other, token: oldest) } }
    }
    let grace = gracePeriod
    session.resume?.expiry = Task { [weak self] in
      try? await Task.sleep(for: grace)
      guard !Task.isCancelled else { return }
      await self?.expire(token)
    }
  }

  /// Frees the session whose current token is `token`, on its actor.
  func expire(_ token: String) async {
    guard let host = maps.withLockedValue({ $0.sessions[token] }) else {
      maps.withLockedValue { _ = $0.detached.remove(token) }
      return
    }
    await host.run { session in self.end(session, of: host, token: token) }
  }

  /// Frees `session` now if `token` is still its current one, on its actor; otherwise only
  /// forgets the token.
  func end(_ session: WebSession, of host: SessionHost, token: String) {
    guard session.resume?.token == token else {
      maps.withLockedValue { maps in
        maps.detached.remove(token)
        maps.ending.remove(ObjectIdentifier(host))
        if maps.sessions[token] === host { maps.sessions[token] = nil }
      }
      return
    }
    let previous = session.resume?.previousToken
    maps.withLockedValue { maps in
      maps.detached.remove(token)
      maps.ending.remove(ObjectIdentifier(host))
      maps.sessions[token] = nil
      if let previous { maps.sessions[previous] = nil }
    }
    session.resume?.expiry?.cancel()
    session.logger.info("session \(session.id) ended (not resumed in time)")
    session.close()
  }
}
