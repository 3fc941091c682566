import DiffableDataSource
import Foundation
import Logging

/// One page's connection: its list views, the app object that drives them, and the way
/// back to the page. Everything a session holds is freed when the connection closes.
///
/// A ``WebServer`` makes one per connection and hands it to the app's session factory,
/// which creates the views and data sources:
///
///     WebServer(configuration: options.configuration, page: page) { session in
///       let view = session.makeListView(named: "recipes")
///       return RecipeListController(listView: view, session: session)  // kept alive
///     }
@MainActor
public final class WebSession {
  /// A number that tells sessions apart in logs.
  public let id: Int
  /// Receives the page's `app` messages: a name and a JSON payload.
  public var appMessageHandler: (@MainActor (String, JSONValue) -> Void)?
  /// Where refused messages and mismatches are logged.
  public var logger: Logger

  /// The session's list views, by name.
  public private(set) var listViews: [String: WebListView] = [:]
  /// The app's object for this session, kept alive as long as the session.
  var owner: AnyObject?
  let output: @MainActor (String) -> Void
  /// Every message sent, newest last, when recording is on (tests).
  var recorded: [ServerMessage]?
  /// Nothing goes out before ``start()``: the app sets its views up first, and the page
  /// needs only the state they end in.
  var isStarted = false

  /// Creates a session whose messages go to `output` as JSON text.
  public init(
    id: Int, logger: Logger = Logger(label: "DiffableWeb"),
    output: @escaping @MainActor (String) -> Void
  ) {
    self.id = id
    self.logger = logger
    self.output = output
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
    output(message.encoded())
  }

  /// Frees the views and the app's object.
  func close() {
    owner = nil
    listViews = [:]
    appMessageHandler = nil
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
