import DiffableWeb
import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOConcurrencyHelpers
import Testing

/// Counts the app objects alive, to show that a closed connection frees its session.
final class Liveness: Sendable {
  let alive = NIOLockedValueBox(0)
  let made = NIOLockedValueBox(0)
}

/// A data source whose cells show their number: what the test apps of this target list.
func makeNumberDataSource(for view: WebListView) -> CollectionViewDiffableDataSource<Int, Int> {
  let registration = CellRegistration<ListCell, Int> { cell, _, id in
    var content = cell.defaultContentConfiguration()
    content.text = "\(id)"
    cell.contentConfiguration = content
  }
  return CollectionViewDiffableDataSource(collectionView: view) { view, path, id in
    view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
  }
}

/// Not isolated: it lives on its session's actor, the main actor or one of the session's own.
final class CounterApp {
  let liveness: Liveness
  let dataSource: CollectionViewDiffableDataSource<Int, Int>
  var items = [1, 2, 3]

  init(session: WebSession, liveness: Liveness) {
    self.liveness = liveness
    liveness.alive.withLockedValue { $0 += 1 }
    liveness.made.withLockedValue { $0 += 1 }
    dataSource = makeNumberDataSource(for: session.makeListView(named: "list"))
    apply()
    session.appMessageHandler = { [unowned self] name, _ in
      if name == "add" {
        self.items.append(self.items.count + 1)
        self.apply()
      }
    }
  }

  func apply() {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    dataSource.apply(snapshot)
  }

  deinit { liveness.alive.withLockedValue { $0 -= 1 } }
}

@Suite("WebServer over a real socket")
struct WebServerTests {
  static func makeServer(
    _ liveness: Liveness, grace: Duration = .zero, ownActors: Bool = false,
    configure: (inout WebServer.Configuration) -> Void = { _ in }
  ) throws -> WebServer {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("diffable-web-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "<html><body>test page</body></html>".write(
      to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
    var configuration = WebServer.Configuration(
      host: "127.0.0.1", port: 0, allowedOrigins: ["ws://localhost"], sessionGracePeriod: grace)
    configure(&configuration)
    let page = WebServer.Page(
      indexFile: "page.html", folders: [folder.path],
      generatedFile: { path in
        path == "/images/dot.svg"
          ? .init(contentType: "image/svg+xml", body: "<svg viewBox='0 0 1 1'/>") : nil
      })
    if ownActors {
      return WebServer(
        configuration: configuration, page: page,
        makeSessionOnItsOwnActor: { session in CounterApp(session: session, liveness: liveness) })
    }
    return WebServer(configuration: configuration, page: page) { session in
      CounterApp(session: session, liveness: liveness)
    }
  }

  /// Hummingbird's WebSocket client always sends `Origin: ws://localhost`, without the
  /// port, so the test server lists that origin as allowed (as a proxy's address would be).
  static func origin(_ port: Int?) -> WebSocketClientConfiguration { .init() }

  @Test func servesThePageAndItsFiles() async throws {
    let app = try Self.makeServer(Liveness()).makeApplication()
    try await app.test(.live) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("test page"))
      }
      try await client.execute(uri: "/README.md", method: .get) { response in
        #expect(response.status == .ok)
      }
      try await client.execute(uri: "/missing.js", method: .get) { response in
        #expect(response.status == .notFound)
      }
      try await client.execute(uri: "/images/dot.svg", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "image/svg+xml")
        #expect(String(buffer: response.body) == "<svg viewBox='0 0 1 1'/>")
      }
    }
  }

  /// A refused origin is forbidden (403), not a bad request; ordinary requests pass.
  ///
  /// Asked over plain HTTP: the same check through Hummingbird's WebSocket test client hung
  /// once (CI, under ThreadSanitizer: the client never returned from the refused upgrade,
  /// and it has no time limit). A real WebSocket client's refusal is checked, with a time
  /// limit, by `Tests/Network`'s `test_wrong_origins_are_refused_with_403`.
  @Test func aRefusedOriginIsAnsweredWith403() async throws {
    let liveness = Liveness()
    // The gate closes the connection after its answer, so each attempt gets a server (and
    // the test client a connection) of its own.
    for origin in ["http://evil.example", "http://127.0.0.1:1", nil] {
      let app = try Self.makeServer(liveness).makeApplication()
      try await app.test(.live) { client in
        var fields: HTTPFields = [
          .upgrade: "websocket", .connection: "Upgrade", .secWebSocketVersion: "13",
          .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
        ]
        fields[.origin] = origin
        try await client.execute(uri: "/ws", method: .get, headers: fields) { response in
          #expect(response.status == .forbidden, "\(origin ?? "no origin")")
          #expect(String(buffer: response.body).contains("own origin"))
        }
      }
    }
    #expect(liveness.made.withLockedValue { $0 } == 0)
  }

  @Test(arguments: [false, true])
  func connectionsAreIndependentKeepWorkingAfterBadMessagesAndFreeTheirState(ownActors: Bool)
    async throws
  {
    let liveness = Liveness()
    let app = try Self.makeServer(liveness, ownActors: ownActors).makeApplication()
    try await app.test(.live) { client in
      // First connection: adds an item, sends garbage, and still gets answers.
      try await client.ws("/ws", configuration: Self.origin(client.port)) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        let session = try await Self.next(&messages)
        #expect(session["type"] as? String == "session")
        #expect(session["graceSeconds"] as? Int == 0)
        let structure = try await Self.next(&messages)
        #expect(structure["type"] as? String == "structure")
        try await outbound.write(.text("garbage"))
        #expect(try await Self.next(&messages)["code"] as? String == "malformed")
        try await outbound.write(.text(#"{"v":1,"type":"app","name":"add"}"#))
        let batch = try await Self.next(&messages)
        #expect(batch["type"] as? String == "batch")
        #expect((batch["sections"] as! [[String: Any]])[0]["count"] as? Int == 4)
      }
      // Second connection: a session of its own, unaffected by the first.
      try await client.ws("/ws", configuration: Self.origin(client.port)) { inbound, _, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        #expect(try await Self.next(&messages)["resumed"] as? Bool == false)
        let structure = try await Self.next(&messages)
        #expect((structure["sections"] as! [[String: Any]])[0]["count"] as? Int == 3)
      }
    }
    #expect(liveness.made.withLockedValue { $0 } == 2)
    // Each closed connection released its session and app object.
    var alive = liveness.alive.withLockedValue { $0 }
    for _ in 0..<50 where alive > 0 {
      try await Task.sleep(for: .milliseconds(20))
      alive = liveness.alive.withLockedValue { $0 }
    }
    #expect(alive == 0)
  }

  /// A page that reconnects with its token and seq gets its session back, with what it
  /// missed; the session is freed once the grace period passes without a page.
  @Test(arguments: [false, true])
  func aReconnectingPageResumesItsSessionOverARealSocket(ownActors: Bool) async throws {
    let liveness = Liveness()
    let app = try Self.makeServer(liveness, grace: .seconds(1), ownActors: ownActors)
      .makeApplication()
    try await app.test(.live) { client in
      // The page's own id on every connection: if the server has not yet seen the first
      // connection end when the second arrives, the page still gets its session back.
      let page = "0123456789abcdef0123456789abcdef"
      let (token, seq) = try await Self.openAddingAnUnappliedBatch(client, page: page)
      try await client.ws(
        "/ws?page=\(page)&resume=\(token)&seen=list:\(seq)",
        configuration: Self.origin(client.port)
      ) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        let session = try await Self.next(&messages)
        #expect(session["resumed"] as? Bool == true)
        #expect(session["views"] as? [String: String] == ["list": "replay"])
        #expect(session["token"] as? String != token)
        let batch = try await Self.next(&messages)
        #expect(batch["seq"] as? Int == seq + 1)
        #expect((batch["sections"] as! [[String: Any]])[0]["count"] as? Int == 4)
        // Anything the page sends shows it has the new token, which retires the old one;
        // the reply shows the server took it in.
        try await outbound.write(.text(#"{"v":1,"type":"app","name":"add"}"#))
        #expect(try await Self.next(&messages)["type"] as? String == "batch")
      }
      #expect(
        liveness.made.withLockedValue { $0 } == 1, "the second connection made no new session")
      // Used once, the old token resumes nothing.
      try await client.ws(
        "/ws?resume=\(token)&seen=list:\(seq)", configuration: Self.origin(client.port)
      ) { inbound, _, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        let session = try await Self.next(&messages)
        #expect(session["resumed"] as? Bool == false)
        #expect(session["refused"] as? String == "expired")
      }
      #expect(liveness.made.withLockedValue { $0 } == 2)
      var alive = liveness.alive.withLockedValue { $0 }
      for _ in 0..<100 where alive > 0 {
        try await Task.sleep(for: .milliseconds(50))
        alive = liveness.alive.withLockedValue { $0 }
      }
      #expect(alive == 0, "both sessions were freed after the grace period")
    }
  }

  /// Opens a page (with the page load id `page`, if any), asks the app to add an item, and
  /// closes the connection without the page applying the batch: the session's token, and
  /// the seq of the structure, which is all the page has applied.
  static func openAddingAnUnappliedBatch(
    _ client: some TestClientProtocol, page: String? = nil
  ) async throws -> (token: String, seq: Int) {
    let first = NIOLockedValueBox<(token: String, seq: Int)?>(nil)
    let path = page.map { "/ws?page=\($0)" } ?? "/ws"
    try await client.ws(path, configuration: Self.origin(client.port)) { inbound, outbound, _ in
      var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
      let session = try await Self.next(&messages)
      let structure = try await Self.next(&messages)
      try await outbound.write(.text(#"{"v":1,"type":"app","name":"add"}"#))
      let batch = try await Self.next(&messages)
      first.withLockedValue {
        $0 = (session["token"] as? String ?? "", structure["seq"] as? Int ?? 0)
      }
      #expect(batch["seq"] as? Int == (structure["seq"] as? Int ?? 0) + 1)
    }
    return try #require(first.withLockedValue { $0 })
  }

  static func next(_ iterator: inout WebSocketInboundMessageStream.AsyncIterator) async throws
    -> [String: Any]
  {
    guard case .text(let text) = try await iterator.next() else {
      Issue.record("expected a text message")
      return [:]
    }
    return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
  }

  @Test func originRules() {
    let configuration = WebServer.Configuration(host: "127.0.0.1", port: 8080)
    #expect(WebServer.isAllowedForTesting(origin: "http://127.0.0.1:8080", configuration))
    #expect(WebServer.isAllowedForTesting(origin: "http://localhost:8080", configuration))
    #expect(!WebServer.isAllowedForTesting(origin: "http://localhost:9999", configuration))
    #expect(!WebServer.isAllowedForTesting(origin: "http://evil.example:8080", configuration))
    #expect(!WebServer.isAllowedForTesting(origin: nil, configuration))
    #expect(!WebServer.isAllowedForTesting(origin: "file://", configuration))
    #expect(
      !WebServer.isAllowedForTesting(origin: "ws://localhost, http://evil.example", configuration))
    #expect(WebServer.isAllowedForTesting(origin: "ws://localhost:8080", configuration))
  }

  /// With `--port 0`, only the port the server was given counts, and not before it has one.
  @Test func originRulesForAPortPickedAtRandom() {
    let configuration = WebServer.Configuration(host: "127.0.0.1", port: 0)
    #expect(
      WebServer.isAllowedForTesting(
        origin: "http://127.0.0.1:41234", configuration, boundPort: 41234))
    #expect(
      WebServer.isAllowedForTesting(
        origin: "http://localhost:41234", configuration, boundPort: 41234))
    #expect(
      !WebServer.isAllowedForTesting(
        origin: "http://127.0.0.1:3000", configuration, boundPort: 41234))
    #expect(
      !WebServer.isAllowedForTesting(origin: "http://localhost:1", configuration, boundPort: 41234))
    #expect(
      !WebServer.isAllowedForTesting(origin: "http://localhost", configuration, boundPort: 41234))
    #expect(
      !WebServer.isAllowedForTesting(
        origin: "http://127.0.0.1:41234", configuration, boundPort: nil))
  }

  /// A proxy's public address is accepted only when listed, exactly (default ports implied).
  @Test func allowedOriginsAreComparedExactly() {
    let configuration = WebServer.Configuration(
      host: "127.0.0.1", port: 8080, allowedOrigins: ["https://recipes.example.com"])
    #expect(WebServer.isAllowedForTesting(origin: "https://recipes.example.com", configuration))
    #expect(WebServer.isAllowedForTesting(origin: "https://recipes.example.com:443", configuration))
    #expect(!WebServer.isAllowedForTesting(origin: "http://recipes.example.com", configuration))
    #expect(
      !WebServer.isAllowedForTesting(origin: "https://recipes.example.com:8443", configuration))
    #expect(
      !WebServer.isAllowedForTesting(origin: "https://evil.recipes.example.com", configuration))
    #expect(WebServer.isAllowedForTesting(origin: "http://127.0.0.1:8080", configuration))
  }

  @Test func portInUseIsAClearMessage() {
    #expect(
      WebServerError.portInUse(8080).description
        == "Port 8080 is already in use. Stop the other program, or choose another port with --port."
    )
  }
}
