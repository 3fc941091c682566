import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// An HTTP and WebSocket server for pages built on `DiffableWeb`: it serves the page and
/// its static files, accepts WebSocket connections from its own origin only, and gives each
/// connection its own ``WebSession``.
public struct WebServer: Sendable {
  /// Where the server listens and what it accepts.
  public struct Configuration: Sendable {
    /// The host to bind; `127.0.0.1` by default, so nothing outside the machine connects.
    public var host: String
    /// The port to bind; 0 picks a free one.
    public var port: Int
    /// The largest WebSocket message accepted, in bytes. A larger one, up to four times
    /// this (at most 4 GiB), is read and refused with a `tooLarge` error on an open
    /// connection; beyond that the transport closes the connection (code 1009), so no
    /// client can make the server buffer without bound.
    public var maximumMessageSize: Int
    /// Origins accepted besides the server's own, such as the public address of a reverse
    /// proxy: `https://recipes.example.com`. Each is `scheme://host[:port]`, compared
    /// exactly (a default port may be left out).
    public var allowedOrigins: [String]
    /// The most bytes of messages that may wait for one slow page (see ``SessionOutbox``).
    public var maximumPendingBytes: Int
    /// The most bytes of messages that may wait for all pages together, counting those handed to
    /// the socket and not yet written (see ``ByteBudget``): past it, a page holding more than its
    /// share (this divided by ``maximumConnections``, or by the connections open when more) is
    /// treated as past ``maximumPendingBytes``. Without it, ``maximumConnections`` pages that stop
    /// reading could hold that many times ``maximumPendingBytes``.
    public var maximumTotalPendingBytes: Int
    /// How long a session outlives a dropped connection, so that its page can resume it
    /// (see ``WebSession``); zero turns resuming off. Whole seconds count.
    public var sessionGracePeriod: Duration
    /// The most sessions kept without a connection; past it the oldest is freed early.
    /// Each costs about what an idle connected session does (Recipes: about 50 KB).
    public var maximumDetachedSessions: Int
    /// The most bytes of messages each list view keeps for a page that may resume; a page
    /// further behind resumes with one batch from its state to now.
    public var resumeLogLimit: Int
    /// The most bytes of messages all sessions together keep for pages that may resume (see
    /// ``ByteBudget``): their views' batches not yet acknowledged, and the app messages held
    /// while a page is away. Past it, a view keeping more than its share (this divided by
    /// two per connection and waiting session, or by the holders open when more) drops its
    /// oldest batches, as past ``resumeLogLimit``, and a session holding more than its share
    /// of app messages can no longer be resumed, as past its own limit (64 messages,
    /// 256 KiB). Without it, ``maximumDetachedSessions`` sessions, and as many connected
    /// pages that never acknowledge, could each keep their own limits' worth.
    public var maximumTotalResumeBytes: Int
    /// The most bytes of messages all pages together may have sent that the server holds
    /// unread: frames and messages not yet complete, and messages waiting for their
    /// session. Past it, a connection holding more than its share (this divided by
    /// ``maximumConnections``, or by the connections open when more) is closed, and its
    /// session waits for the page to resume; so is one holding more than eight times
    /// ``maximumMessageSize`` (twice the largest frame), whatever the total. Without it,
    /// ``maximumConnections`` pages that each send most of a large message and never its
    /// end could each make the server hold four times ``maximumMessageSize``.
    public var maximumTotalInboundBytes: Int
    /// The most cells all list views together keep for the rows their pages show (see
    /// ``WebListView/liveCellCount``: up to 10,000 per view, so that a reconfigure hands
    /// the provider the cell it made before; about 0.9 KB each in the demo). Past it, a
    /// view keeping more than its share (this divided by ``maximumConnections``, or by the
    /// views open when more) gives back, when it next makes cells, those of rows outside
    /// its page's window, then any beyond its share; such a row gets a new cell from the
    /// provider when one is needed (a reconfigure, an accessory the page activates). Without
    /// it, every page could make its views keep 10,000 cells each.
    public var maximumTotalLiveCells: Int
    /// How often a connection is pinged; zero turns pings off. A connection whose last ping
    /// is still unwritten when the next is due (the page reads nothing) is closed, and on
    /// Linux one whose pings go unacknowledged for two intervals is closed by the kernel;
    /// either way its session waits for its page as after any drop.
    public var pingInterval: Duration
    /// The most connections open at once (at least 1); past it, a new one is closed as soon
    /// as it is accepted. The default, 10,000, is twice the 5,000 pages of the load
    /// benchmark (about 50 KB each when idle); the process needs as many file descriptors
    /// (`ulimit -n`). Each page's connection may hold up to ``maximumPendingBytes`` for a
    /// page that does not read before it is closed, so lower this where memory is short.
    public var maximumConnections: Int
    /// How long a new connection may take to send its first request's head; one that sends
    /// nothing, or a head a few bytes at a time, is closed then. A page's WebSocket is
    /// pinged after its upgrade (``pingInterval``); a plain HTTP connection may then wait
    /// ``idleTimeout`` between requests. Zero or less closes every connection at once.
    public var requestHeadTimeout: Duration
    /// How long a plain HTTP connection may sit idle between requests before it is closed.
    public var idleTimeout: Duration

    /// What the transport reads before giving up on a message: four times
    /// ``maximumMessageSize``, at most what NIO's frame decoder accepts (`UInt32.max`; past
    /// it the decoder traps as it is made, at every connection).
    var transportLimit: Int {
      let most = Int(clamping: UInt32.max)
      let (limit, overflow) = max(0, maximumMessageSize).multipliedReportingOverflow(by: 4)
      return overflow ? most : min(limit, most)
    }

    /// What one connection may hold of what its page sent and the server has not read
    /// (see ``maximumTotalInboundBytes``): twice the largest frame, so that a frame and
    /// the message before it fit, but not a message of countless empty frames.
    var inboundLimit: Int {
      let (limit, overflow) = transportLimit.multipliedReportingOverflow(by: 2)
      return overflow ? .max : limit
    }

    /// The most holders of the resume budget expected: two per session (a view's log and
    /// the app messages held for its page), connected or waiting. Sessions with more views
    /// have more, and the share then divides by the holders open.
    var expectedResumeHolders: Int {
      let sessions = max(1, maximumConnections).addingReportingOverflow(
        max(0, maximumDetachedSessions))
      let (holders, overflow) = sessions.partialValue.multipliedReportingOverflow(by: 2)
      return sessions.overflow || overflow ? .max : holders
    }

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1", port: Int = 8080,
      maximumMessageSize: Int = ClientMessage.maximumSize,
      allowedOrigins: [String] = [],
      maximumPendingBytes: Int = 16 << 20,
      maximumTotalPendingBytes: Int = 1 << 30,
      sessionGracePeriod: Duration = .seconds(60),
      maximumDetachedSessions: Int = 10_000,
      resumeLogLimit: Int = 256 << 10,
      maximumTotalResumeBytes: Int = 512 << 20,
      maximumTotalInboundBytes: Int = 256 << 20,
      maximumTotalLiveCells: Int = 2_000_000,
      pingInterval: Duration = .seconds(30),
      maximumConnections: Int = 10_000,
      requestHeadTimeout: Duration = .seconds(10),
      idleTimeout: Duration = .seconds(60)
    ) {
      self.host = host
      self.port = port
      self.maximumMessageSize = maximumMessageSize
      self.allowedOrigins = allowedOrigins
      self.maximumPendingBytes = maximumPendingBytes
      self.maximumTotalPendingBytes = maximumTotalPendingBytes
      self.sessionGracePeriod = sessionGracePeriod
      self.maximumDetachedSessions = maximumDetachedSessions
      self.pingInterval = pingInterval
      self.resumeLogLimit = resumeLogLimit
      self.maximumTotalResumeBytes = maximumTotalResumeBytes
      self.maximumTotalInboundBytes = maximumTotalInboundBytes
      self.maximumTotalLiveCells = maximumTotalLiveCells
      self.maximumConnections = maximumConnections
      self.requestHeadTimeout = requestHeadTimeout
      self.idleTimeout = idleTimeout
    }
  }

  /// The page a server shows at `/`, and the folders its files come from.
  public struct Page: Sendable {
    /// The file served at `/`, looked up in `folders`.
    public var indexFile: String
    /// Folders of static files, searched in order after DiffableWeb's own (which holds
    /// `diffable.js` and `diffable.css`).
    public var folders: [String]
    /// Files made on request, such as generated images: given a request path, the content
    /// type and body, or `nil` to fall through to the folders.
    public var generatedFile: (@Sendable (String) -> GeneratedFile?)?

    /// Creates a page description.
    public init(
      indexFile: String, folders: [String] = [],
      generatedFile: (@Sendable (String) -> GeneratedFile?)? = nil
    ) {
      self.indexFile = indexFile
      self.folders = folders
      self.generatedFile = generatedFile
    }
  }

  /// A file made on request.
  public struct GeneratedFile: Sendable {
    /// Its MIME type, such as `image/svg+xml`.
    public var contentType: String
    /// Its content.
    public var body: String

    /// Creates a generated file.
    public init(contentType: String, body: String) {
      self.contentType = contentType
      self.body = body
    }
  }

  /// Makes the app's object for a new session, on the main actor; the session keeps it
  /// alive.
  public typealias SessionFactory = @MainActor @Sendable (WebSession) -> AnyObject
  /// Makes the app's object for a new session, on the session's own actor; the session
  /// keeps it alive.
  public typealias IsolatedSessionFactory = @Sendable (WebSession) -> AnyObject

  /// What the server listens on and accepts.
  public var configuration: Configuration
  /// What it serves.
  public var page: Page
  let makeSession: SessionMaker
  let logger: Logger

  /// Creates a server whose sessions all run on the main actor, for an app whose objects
  /// are main-actor isolated (UIKit-style code).
  ///
  /// One session's work waits behind every other's: for many pages, prefer
  /// ``init(configuration:page:logger:makeSessionOnItsOwnActor:)``.
  public init(
    configuration: Configuration, page: Page, logger: Logger = Logger(label: "DiffableWeb"),
    makeSession: @escaping SessionFactory
  ) {
    self.init(configuration, page, logger, .mainActor(makeSession))
  }

  /// Creates a server that gives each session an actor of its own: sessions run in
  /// parallel, on every core, and one session's work never waits behind another's.
  ///
  /// `makeSessionOnItsOwnActor` runs on the new session's actor. What it makes (the list
  /// views, data sources and the app's objects, none of them `Sendable`) stays there, and
  /// the server runs the page's messages for the session there too. State shared between
  /// sessions must be `Sendable` (an actor, or values behind a lock); to reach a session's
  /// objects from elsewhere, post them a value through its ``WebSession/mailbox``.
  ///
  /// Name the argument: a trailing closure picks
  /// ``init(configuration:page:logger:makeSession:)``, whose sessions run on the main actor.
  @_disfavoredOverload
  public init(
    configuration: Configuration, page: Page, logger: Logger = Logger(label: "DiffableWeb"),
    makeSessionOnItsOwnActor: @escaping IsolatedSessionFactory
  ) {
    self.init(configuration, page, logger, .ownActor(makeSessionOnItsOwnActor))
  }

  private init(
    _ configuration: Configuration, _ page: Page, _ logger: Logger, _ makeSession: SessionMaker
  ) {
    self.configuration = configuration
    self.page = page
    self.logger = logger
    self.makeSession = makeSession
  }

  /// How sessions are made, and where they run.
  enum SessionMaker: Sendable {
    case mainActor(SessionFactory)
    case ownActor(IsolatedSessionFactory)

    /// The actor a new session runs on.
    var isolation: any Actor {
      switch self {
      case .mainActor: MainActor.shared
      case .ownActor: SessionActor()
      }
    }

    /// Prepares the session with `prepare`, then makes the app's object and starts the
    /// session, in one step on its actor.
    func start(_ host: SessionHost, prepare: @escaping @Sendable (WebSession) -> Void) async {
      switch self {
      case .mainActor(let make):
        await MainActor.run {
          let session = host.sessionOnMainActor
          prepare(session)
          session.owner = make(session)
          session.start()
        }
      case .ownActor(let make):
        await host.run { session in
          prepare(session)
          session.owner = make(session)
          session.start()
        }
      }
    }
  }

  /// The folder of DiffableWeb's own static files.
  public static var resourceFolder: String {
    Bundle.module.url(forResource: "Resources", withExtension: nil)!.path
  }

  /// Builds the application; `onRunning` receives the bound port once it listens.
  public func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
    -> some ApplicationProtocol
  {
    let folders = [Self.resourceFolder] + page.folders
    let router = Router()
    if let generate = page.generatedFile {
      router.middlewares.add(GeneratedFileMiddleware(generate: generate))
    }
    for folder in folders {
      router.middlewares.add(FileMiddleware(folder, searchForIndexHtml: false, logger: logger))
    }
    let indexFile = page.indexFile
    router.get("/") { _, _ -> Response in
      for folder in folders {
        let path = (folder as NSString).appendingPathComponent(indexFile)
        if let data = FileManager.default.contents(atPath: path) {
          return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
      }
      return Response(status: .notFound)
    }
    let registry = SessionRegistry(configuration: configuration)
    let boundPort = BoundPort()
    let configuration = configuration
    let pages = PageConnection(
      configuration: configuration, registry: registry, sessions: SessionCounter(),
      budget: ByteBudget(
        limit: configuration.maximumTotalPendingBytes,
        expectedHolders: configuration.maximumConnections),
      makeSession: makeSession, logger: logger)
    // The upgrade is decided by a closure, not a router: Hummingbird's router-based
    // upgrade keeps every connection's request context alive (its handler box holds the
    // context, which holds the box), a leak LeakSanitizer reports per connection. The
    // origin was checked by the gate (OriginGatedChannel) before this runs; the closure
    // below makes one handler per connection, which knows what the page asked to resume.
    @Sendable func connection(
      resuming request: Result<ResumeRequest, WireSession.Refusal>?, origin: OriginParts?
    ) -> WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context> {
      { inbound, _, _ in
        guard let channel = ConnectionChannel.current else {
          preconditionFailure("WebServer: a WebSocket handler ran outside its connection")
        }
        await pages.serve(inbound, channel: channel, resuming: request, origin: origin)
      }
    }
    let port = configuration.port
    let connections = ConnectionCounter(limit: configuration.maximumConnections)
    let server = HTTPServerBuilder { responder in
      OriginGatedChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder,
          configuration: .init(
            http1: .init(idleTimeout: TimeAmount(clamping: configuration.idleTimeout)),
            // Pings come from the event loop instead of a task per connection.
            ws: .init(maxFrameSize: configuration.transportLimit, autoPing: .disabled))
        ) { head, _, _ in
          let target = head.path?.split(separator: "?", maxSplits: 1) ?? []
          let origin = head.headerFields[.origin]
          // Defence in depth: the gate already answered a refused origin with 403.
          guard target.first == "/ws",
            Self.isAllowed(
              origin: origin, configuration: configuration, boundPort: boundPort.value)
          else { return .dontUpgrade }
          return .upgrade(
            [:],
            connection(
              resuming: ResumeRequest.decode(query: target.count > 1 ? target[1] : nil),
              origin: origin.flatMap(OriginParts.init)))
        },
        path: "/ws",
        isAllowed: { origin in
          Self.isAllowed(origin: origin, configuration: configuration, boundPort: boundPort.value)
        },
        connections: connections,
        headTimeout: TimeAmount(clamping: configuration.requestHeadTimeout),
        inboundBudget: ByteBudget(
          limit: configuration.maximumTotalInboundBytes,
          expectedHolders: configuration.maximumConnections),
        inboundLimit: configuration.inboundLimit)
    }
    return Application(
      router: router,
      server: server,
      configuration: .init(address: .hostname(configuration.host, port: port)),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        boundPort.set(bound)
        await onRunning(bound)
      },
      logger: logger)
  }

  /// Runs until the process is stopped.
  ///
  /// - Throws: ``WebServerError/portInUse(_:)`` when the port is taken; other errors as
  ///   they come.
  public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    do {
      try await makeApplication(onRunning: onRunning).runService()
    } catch {
      if "\(error)".contains("Address already in use") {
        throw WebServerError.portInUse(configuration.port)
      }
      throw error
    }
  }

  /// Whether a WebSocket request's `Origin` is the server's own or an allowed one, for a
  /// server bound to `boundPort` (exposed for tests).
  public static func isAllowedForTesting(
    origin: String?, _ configuration: Configuration, boundPort: Int? = nil
  ) -> Bool {
    isAllowed(origin: origin, configuration: configuration, boundPort: boundPort)
  }

  /// Whether a WebSocket request's `Origin` is the server's own or an allowed one.
  ///
  /// The port compared is the one the server is bound to, which with `--port 0` is known
  /// only once it runs; until then (`boundPort` `nil`) no origin of its own is accepted.
  static func isAllowed(origin: String?, configuration: Configuration, boundPort: Int?) -> Bool {
    guard let origin, let parts = OriginParts(origin) else { return false }
    if configuration.allowedOrigins.contains(where: { OriginParts($0) == parts }) {
      return true
    }
    // Browsers send the page's http(s) origin; a same-host ws(s) origin comes only from
    // non-browser clients, which could send anything anyway, so it is accepted too.
    let loopback: Set<String> = ["localhost", "127.0.0.1", "[::1]", "::1"]
    let sameHost =
      parts.host == configuration.host
      || (loopback.contains(parts.host) && loopback.contains(configuration.host))
      || configuration.host == "0.0.0.0"
    let ownPort = configuration.port == 0 ? boundPort : configuration.port
    return sameHost && parts.port == ownPort
  }

  /// Whether `origin` has the form an allowed origin must have.
  static func isValidOrigin(_ origin: String) -> Bool { OriginParts(origin) != nil }
}

/// An origin's scheme, host and port, with the scheme's default port filled in.
struct OriginParts: Equatable {
  static let defaultPorts = ["http": 80, "https": 443, "ws": 80, "wss": 443]

  var scheme: String
  var host: String
  var port: Int

  /// `nil` unless `origin` is `scheme://host[:port]` with a web scheme.
  init?(_ origin: String) {
    guard let url = URL(string: origin), let host = url.host, let scheme = url.scheme,
      let defaultPort = Self.defaultPorts[scheme]
    else { return nil }
    self.scheme = scheme
    self.host = host
    self.port = url.port ?? defaultPort
  }
}

/// Why a server could not run.
public enum WebServerError: Error, CustomStringConvertible, Equatable {
  /// Another program listens on the port.
  case portInUse(Int)

  /// A sentence for the terminal.
  public var description: String {
    switch self {
    case .portInUse(let port):
      "Port \(port) is already in use. Stop the other program, or choose another port with --port."
    }
  }
}

/// The port the server listens on, once it does (with port 0 the system picks it).
final class BoundPort: Sendable {
  private let port = NIOLockedValueBox<Int?>(nil)

  var value: Int? { port.withLockedValue { $0 } }

  func set(_ value: Int) { port.withLockedValue { $0 = value } }
}

/// Numbers sessions across connections.
final class SessionCounter: Sendable {
  private let count = NIOLockedValueBox(0)

  func next() -> Int {
    count.withLockedValue {
      $0 += 1
      return $0
    }
  }
}

/// Answers GET requests whose path the page generates; passes the others on.
struct GeneratedFileMiddleware<Context: RequestContext>: RouterMiddleware {
  let generate: @Sendable (String) -> WebServer.GeneratedFile?

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get, let file = generate(request.uri.path) else {
      return try await next(request, context)
    }
    return Response(
      status: .ok, headers: [.contentType: file.contentType, .cacheControl: "max-age=3600"],
      body: .init(byteBuffer: ByteBuffer(string: file.body)))
  }
}
