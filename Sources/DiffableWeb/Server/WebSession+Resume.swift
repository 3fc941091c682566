import Foundation

/// What a session that can outlive its connection keeps besides its views.
struct ResumeState {
  /// The token that resumes the session now (each works once).
  var token: String
  /// The origin of the page the token was given to.
  let origin: OriginParts?
  /// The most bytes each view's log keeps.
  let logLimit: Int
  /// App messages sent while no page was connected, oldest first.
  var heldAppMessages: [String] = []
  var heldBytes = 0
  /// Whether the connection dropped and the session waits for its page.
  var isDetached = false
  /// False once app messages overflowed while detached: a resumed page would miss some,
  /// so the session can no longer be resumed.
  var isResumable = true
  /// Frees the session once the grace period ends.
  var expiry: Task<Void, Never>?

  /// The most app messages held for a page that is away.
  static let maximumHeldMessages = 64
  /// The most bytes of app messages held for a page that is away.
  static let maximumHeldBytes = 256 << 10
}

extension WebSession {
  /// Whether the session waits, without a connection, for its page to resume it.
  public var isWaitingForResume: Bool { resume?.isDetached ?? false }

  /// Keeps an app message sent while the page is away, within bounds.
  func holdWhileDetached(_ text: String) {
    guard var state = resume, state.isResumable else { return }
    state.heldAppMessages.append(text)
    state.heldBytes += text.utf8.count
    if state.heldAppMessages.count > ResumeState.maximumHeldMessages
      || state.heldBytes > ResumeState.maximumHeldBytes
    {
      logger.notice("session \(id): too many app messages while its page is away; it cannot resume")
      state.isResumable = false
      state.heldAppMessages = []
      state.heldBytes = 0
    }
    resume = state
  }

  /// The connection dropped: the session keeps running without it and waits for its page.
  func detach() {
    outbox?.close()
    outbox = nil
    resume?.isDetached = true
    for view in listViews.values { view.keepResumeBase() }
  }

  /// The page is back on a new connection: sends it `session` (with a new token), then
  /// what each view's page lacks, then the app messages it missed.
  func attach(_ outbox: SessionOutbox, seen: [String: Int], token: String, graceSeconds: Int) {
    self.outbox = outbox
    resume?.isDetached = false
    resume?.token = token
    let views = listViews.values.sorted { $0.name < $1.name }
    var modes: [String: WireSession.CatchUp] = [:]
    for view in views { modes[view.name] = view.catchUpMode(seen: seen[view.name]) }
    push(
      .session(
        WireSession(token: token, resumed: true, graceSeconds: graceSeconds, views: modes)))
    for view in views {
      view.catchUp(modes[view.name] ?? .restart, seen: seen[view.name]) { text in
        push(text, view: view.name)
      }
    }
    let held = resume?.heldAppMessages ?? []
    resume?.heldAppMessages = []
    resume?.heldBytes = 0
    for text in held { push(text, view: nil) }
  }

  /// Queues a message that bypasses ``send(_:)``: the `session` message, and replayed ones.
  func push(_ message: ServerMessage) {
    push(message.encoded(), view: message.viewName)
  }

  private func push(_ text: String, view: String?) {
    guard let outbox else { return }
    if outbox.push(text, view: view) == .overLimit { relieve(outbox) }
  }
}
