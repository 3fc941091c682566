import DiffableDataSource
import Foundation
import Logging

/// One page's session: its list views, the app object that drives them, and the way back
/// to the page. A ``WebServer`` keeps a session whose connection dropped for its grace
/// period, so that the page can resume it (`Docs/WebProtocol.md`, "Sessions"); after that,
/// or at once when resuming is off, everything the session holds is freed.
///
/// A ``WebServer`` makes one per connection and hands it to the app's session factory,
/// which creates the views and data sources:
///
///     WebServer(configuration: options.configuration, page: page) { session in
///       let view = session.makeListView(named: "recipes")
///       return RecipeListController(listView: view, session: session)  // kept alive
///     }
///
/// A session is not `Sendable`: it, its views and the app's objects live in one isolation,
/// the session's actor (the main actor, or one of its own with
/// ``WebServer/init(configuration:page:logger:makeSessionOnItsOwnActor:)``), where the
/// server also hands it the page's messages. Code elsewhere reaches it by posting to its
/// ``mailbox``.
public final class WebSession {
  /// A number that tells sessions apart in logs.
  public let id: Int
  /// The actor the session runs on: its views, data sources and the app's objects belong
  /// to it, and so does whatever they start (``perform(_:)``).
  ///
  /// The session holds its actor strongly. If an actor of yours also holds the session
  /// (directly, or through objects it keeps), the two keep each other alive until the actor
  /// lets go of the session: do so once the session's work is done. The actors that
  /// ``WebServer/init(configuration:page:logger:makeSessionOnItsOwnActor:)`` creates hold
  /// nothing.
  public let isolation: any Actor
  /// Receives the page's `app` messages: a name and a JSON payload.
  public var appMessageHandler: ((String, JSONValue) -> Void)?
  /// Receives, on the session's actor and in the order they were posted, the values posted
  /// to its ``mailbox`` from elsewhere.
  public var mailHandler: ((any Sendable) -> Void)?
  /// Takes values for ``mailHandler`` from any thread or task.
  public private(set) lazy var mailbox = Mailbox(queue: MailQueue(for: self))
  /// Where refused messages and mismatches are logged.
  public var logger: Logger

  /// The session's list views, by name.
  public private(set) var listViews: [String: WebListView] = [:]
  /// The app's object for this session, kept alive as long as the session.
  var owner: AnyObject?
  /// Where messages go: a closure (tests, custom transports) or a bounded outbox that a
  /// connection's writer drains.
  let output: (String) -> Void
  /// The connection's bounded queue, when the session has one (``WebServer`` gives every
  /// connection one). `nil` while a resumable session waits for its page to come back.
  public internal(set) var outbox: SessionOutbox?
  /// How a session that outlives its connection is kept: `nil` unless a ``WebServer``
  /// with a grace period made it.
  var resume: ResumeState?
  /// The registry that can resume the session, if any.
  weak var registry: SessionRegistry?
  /// What all the server's views keep of cells together (``WebListView/liveCellCount``),
  /// when a ``WebServer`` made the session; each view takes its part.
  var cellBudget: ByteBudget?
  /// Set while the views restart from their structure after the outbox overflowed, so a
  /// second overflow then disconnects rather than recursing.
  var isCoalescing = false
  /// Every message sent, newest last, when recording is on (tests).
  var recorded: [ServerMessage]?
  /// Nothing goes out before ``start()``: the app sets its views up first, and the page
  /// needs only the state they end in.
  var isStarted = false

  /// Creates a session whose messages go to `output` as JSON text.
  ///
  /// The session runs on `isolation`, the main actor unless the caller names another: create
  /// it there.
  public init(
    id: Int, logger: Logger = Logger(label: "DiffableWeb"),
    isolation: any Actor = MainActor.shared, output: @escaping (String) -> Void
  ) {
    self.id = id
    self.isolation = isolation
    self.logger = logger
    self.output = output
    self.outbox = nil
  }

  /// Creates a session whose messages wait in `outbox` for the connection's writer.
  ///
  /// When the page falls behind and the outbox passes its limit, the session drops the
  /// views' queued structures, batches and cells and sends each view's structure instead
  /// (the page starts again from it). App messages and errors are never dropped and keep
  /// their order among themselves, but the fresh structures come after them, so an app
  /// message can arrive before the list state it followed. If the outbox overflows again
  /// before the page takes another message, the page is not reading: the outbox is closed
  /// with a request to disconnect.
  ///
  /// The session runs on `isolation`, the main actor unless the caller names another.
  public init(
    id: Int, logger: Logger = Logger(label: "DiffableWeb"), isolation: any Actor = MainActor.shared,
    outbox: SessionOutbox
  ) {
    self.id = id
    self.isolation = isolation
    self.logger = logger
    self.output = { _ in }
    self.outbox = outbox
  }

  /// Creates a list view the page addresses as `name`.
  ///
  /// - Precondition: No view of the session has that name yet.
  public func makeListView(named name: String) -> WebListView {
    precondition(
      listViews[name] == nil,
      "WebSession.makeListView(named:): the session already has a view named \"\(name)\"")
    let view = WebListView(
      name: name, send: { [weak self] message in self?.send(message) },
      started: { [weak self] in self?.isStarted ?? false })
    if resume != nil, let registry {
      view.resumeLog = ResumeLog(maximumBytes: registry.logLimit, budget: registry.resumeBudget)
    }
    view.cellClaim = cellBudget.map(ByteBudgetClaim.init)
    listViews[name] = view
    return view
  }

  /// Sends the page an `app` message.
  public func sendApp(_ name: String, payload: JSONValue) {
    send(.app(name: name, payload: payload))
  }

  /// Sends the page an `app` message whose payload is an `Encodable` value.
  public func sendApp(_ name: String, encoding payload: some Encodable) {
    do {
      let data = try JSONEncoder().encode(payload)
      sendApp(name, payload: try JSONDecoder().decode(JSONValue.self, from: data))
    } catch {
      logger.error("session \(id): could not encode the payload of app message \(name): \(error)")
    }
  }

  /// Sends every view's structure: what a newly connected page needs first.
  public func start() {
    isStarted = true
    for view in listViews.values.sorted(by: { $0.name < $1.name }) { view.reloadData() }
  }

  /// Handles one text frame from the page. A refused message changes nothing and is
  /// answered with an `error` message.
  public func receive(_ text: String) {
    if resume?.previousToken != nil { confirmResume() }
    switch ClientMessage.decode(text) {
    case .failure(let error):
      refuse(error)
    case .success(.app(let name, let payload)):
      appMessageHandler?(name, payload)
    case .success(let message):
      guard let viewName = message.viewName, let view = listViews[viewName] else {
        refuse(
          WireError(
            .unknownView, "no view named \"\(message.viewName ?? "")\"", inReplyTo: message.type,
            view: message.viewName, seq: message.seq))
        return
      }
      do {
        try view.handle(message)
      } catch {
        var error = error
        error.view = viewName
        error.seq = message.seq
        refuse(error)
      }
      if case .mismatch(_, _, let reason) = message {
        logger.warning("session \(id): view \(viewName) reported a mismatch: \(reason)")
      }
    }
  }

  func refuse(_ error: WireError) {
    logger.notice(
      "session \(id): refused \(error.inReplyTo ?? "a message") (\(error.code.rawValue)): \(error.message)"
    )
    send(.error(error))
  }

  func send(_ message: ServerMessage) {
    guard isStarted else { return }
    recorded?.append(message)
    let text = message.encoded()
    let viewName = message.viewName
    if resume != nil, let viewName { listViews[viewName]?.recordForResume(message, text: text) }
    guard let outbox else {
      if resume != nil {
        // No connection now: the views' logs hold their messages; app messages wait.
        if viewName == nil, case .app = message { hold([text]) }
        return
      }
      output(text)
      return
    }
    switch outbox.push(text, view: viewName) {
    case .overLimit:
      overflowed(outbox)
    case .closed:
      // The connection is ending and the session will wait for its page.
      if resume != nil, viewName == nil, case .app = message { hold([text]) }
    case .queued:
      break
    }
  }

  /// The page fell behind: its views' pending messages become one structure per view.
  func relieve(_ outbox: SessionOutbox) {
    let (wasAlreadyCoalesced, remaining) =
      isCoalescing ? (true, 0) : outbox.dropMessagesOfViews()
    guard !wasAlreadyCoalesced, remaining <= outbox.limit else {
      logger.warning("session \(id): the page is not reading its messages; disconnecting it")
      outbox.close(disconnect: true)
      return
    }
    logger.notice("session \(id): the page fell behind; its views start again from their structure")
    isCoalescing = true
    defer { isCoalescing = false }
    for view in listViews.values.sorted(by: { $0.name < $1.name }) { view.reloadData() }
  }

  /// Frees the views and the app's object, and closes the outbox.
  func close() {
    owner = nil
    listViews = [:]
    appMessageHandler = nil
    mailHandler = nil
    outbox?.close()
    resume = nil
  }
}

extension ServerMessage {
  /// The list view a message is about; `nil` for app messages and errors, which are never
  /// dropped when a slow page's queue is coalesced.
  var viewName: String? {
    switch self {
    case .structure(let view, _, _), .cells(let view, _, _), .batch(let view, _, _, _, _, _):
      view
    case .error, .app, .session:
      nil
    }
  }
}

extension ClientMessage {
  /// The view a list-view message is for.
  var viewName: String? {
    switch self {
    case .window(let view, _, _), .cells(let view, _, _), .select(let view, _, _),
      .setExpanded(let view, _, _, _), .accessory(let view, _, _, _),
      .swipe(let view, _, _, _, _), .reorder(let view, _, _, _), .ack(let view, _),
      .mismatch(let view, _, _):
      view
    case .app:
      nil
    }
  }
}
