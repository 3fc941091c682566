import Foundation

/// What a session that can outlive its connection keeps besides its views.
struct ResumeState {
  /// The token that resumes the session now.
  var token: String
  /// The token the page presented last time, still good until the page shows that it got
  /// the new one (its first message on the new connection): a connection that drops
  /// before its `session` message arrives must not cost the session.
  var previousToken: String?
  /// The origin of the page the token was given to.
  let origin: OriginParts?
  /// The id of the page load the session belongs to (see ``ResumeRequest/page``).
  var page: String?
  /// Counts the connections the session has had, so that the end of an old one (which the
  /// page replaced) does not detach the new one.
  var connection = 0
  /// App messages sent while no page was connected, oldest first.
  var heldAppMessages: [String] = []
  var heldBytes = 0
  /// The held messages' part of the server's budget for what sessions keep for their pages
  /// (shared by copies of this state: the session keeps one).
  let heldClaim: ByteBudgetClaim?
  /// Whether the connection dropped and the session waits for its page.
  var isDetached = false
  /// False once app messages overflowed while detached: a resumed page would miss some,
  /// so the session can no longer be resumed.
  var isResumable = true
  /// Set while a resumed page is sent what it missed: an outbox overflow then restarts the
  /// views only once the catch-up is queued, so no replayed batch follows a structure.
  var isAttaching = false
  var overflowedWhileAttaching = false
  /// Frees the session once the grace period ends.
  var expiry: Task<Void, Never>?

  /// The most app messages held for a page that is away.
  static let maximumHeldMessages = 64
  /// The most bytes of app messages held for a page that is away.
  static let maximumHeldBytes = 256 << 10

  init(token: String, origin: OriginParts?, page: String?, budget: ByteBudget? = nil) {
    self.token = token
    self.origin = origin
    self.page = page
    heldClaim = budget.map(ByteBudgetClaim.init)
  }
}

extension WebSession {
  /// Whether the session waits, without a connection, for its page to resume it.
  public var isWaitingForResume: Bool { resume?.isDetached ?? false }

  /// Keeps an app message the page has not received, within bounds; past them the session
  /// cannot be resumed, and the registry frees it.
  func hold(_ texts: [String], atFront: Bool = false) {
    guard var state = resume, state.isResumable, !texts.isEmpty else { return }
    state.heldAppMessages =
      atFront ? texts + state.heldAppMessages : state.heldAppMessages + texts
    state.heldBytes += texts.reduce(0) { $0 + $1.utf8.count }
    let isOverShare = state.heldClaim?.keep(state.heldBytes) ?? false
    if state.heldAppMessages.count > ResumeState.maximumHeldMessages
      || state.heldBytes > ResumeState.maximumHeldBytes || isOverShare
    {
      logger.notice(
        isOverShare
          ? "session \(id): the server holds too much for pages that are away; it cannot resume"
          : "session \(id): too many app messages while its page is away; it cannot resume")
      state.isResumable = false
      state.heldAppMessages = []
      state.heldBytes = 0
      _ = state.heldClaim?.keep(0)
      // Not from inside the app's own call that sent the message.
      let token = state.token
      Task { [weak registry = self.registry] in await registry?.expire(token) }
    }
    resume = state
  }

  /// The connection dropped (or the page replaced it): the session keeps running without
  /// one and waits for its page. App messages still queued for the page are kept for it;
  /// those the writer already handed to the socket (at most its window, 64 KiB) are lost
  /// with it.
  func detach(disconnecting: Bool = false) {
    if let outbox {
      let unsent = outbox.takeMessagesOfNoView()
      outbox.close(disconnect: disconnecting)
      hold(unsent, atFront: true)
    }
    outbox = nil
    resume?.isDetached = true
    for view in listViews.values { view.keepResumeBase() }
  }

  /// The page is back on a new connection: sends it `session` (with a new token), then
  /// what each view's page lacks, then the app messages it missed.
  func attach(_ outbox: SessionOutbox, seen: [String: Int], token: String, graceSeconds: Int) {
    self.outbox = outbox
    resume?.isDetached = false
    resume?.isAttaching = true
    resume?.overflowedWhileAttaching = false
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
    _ = resume?.heldClaim?.keep(0)
    for text in held { push(text, view: nil) }
    resume?.isAttaching = false
    if resume?.overflowedWhileAttaching == true { relieve(outbox) }
  }

  /// The page sent its first message on a resumed connection: it has the new token.
  func confirmResume() {
    guard let previous = resume?.previousToken else { return }
    resume?.previousToken = nil
    registry?.forget(previous)
  }

  /// Queues a message that bypasses ``send(_:)``: the `session` message, and replayed ones.
  func push(_ message: ServerMessage) {
    push(message.encoded(), view: message.viewName)
  }

  private func push(_ text: String, view: String?) {
    guard let outbox else { return }
    if outbox.push(text, view: view) == .overLimit { overflowed(outbox) }
  }

  /// The page fell behind: restart its views, unless a catch-up is being queued (then once
  /// it is).
  func overflowed(_ outbox: SessionOutbox) {
    if resume?.isAttaching == true {
      resume?.overflowedWhileAttaching = true
    } else {
      relieve(outbox)
    }
  }
}
