import Foundation
import Logging
import Testing

@testable import DiffableWeb

/// A list of numbers that code outside the page can change (as another tab's edit would),
/// and that tells its page about each change with an app message too.
@MainActor
final class NumbersApp {
  unowned let session: WebSession
  let dataSource: CollectionViewDiffableDataSource<Int, Int>
  var items = Array(1...5)
  static var alive = 0

  init(session: WebSession) {
    self.session = session
    Self.alive += 1
    dataSource = makeNumberDataSource(for: session.makeListView(named: "list"))
    apply()
  }

  func change(_ items: [Int]) {
    self.items = items
    apply()
    session.sendApp("changed", payload: .number(Double(items.count)))
  }

  func apply() {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    dataSource.apply(snapshot, animatingDifferences: true)
  }

  deinit { MainActor.assumeIsolated { Self.alive -= 1 } }
}

/// Sessions that outlive their connection, driven without a socket: the registry makes and
/// resumes them, and each "connection" is an outbox whose messages the test reads.
@MainActor
@Suite("Session resume", .serialized)
final class SessionResumeTests {
  static let origin = OriginParts("http://127.0.0.1:8080")
  var apps: [Int: NumbersApp] = [:]
  var nextID = 0
  /// Each session's current connection, as the server's connection handler knows it.
  var connections: [ObjectIdentifier: Int] = [:]
  /// Each session's host, which the server's connection handler holds.
  var hosts: [ObjectIdentifier: SessionHost] = [:]

  func makeRegistry(
    grace: Duration = .seconds(60), maximumDetached: Int = 100, logLimit: Int = 1 << 20,
    resumeBudget: Int = .max
  ) -> SessionRegistry {
    SessionRegistry(
      gracePeriod: grace, maximumDetached: maximumDetached, logLimit: logLimit,
      resumeBudget: resumeBudget)
  }

  /// Opens a connection; returns the session and every message queued for it.
  func open(
    _ registry: SessionRegistry, _ request: Result<ResumeRequest, WireSession.Refusal>? = nil,
    origin: OriginParts? = origin, limit: Int = 1 << 20
  ) async -> (session: WebSession, outbox: SessionOutbox, messages: [[String: Any]]) {
    let outbox = SessionOutbox(limit: limit)
    nextID += 1
    let (host, _, _, connection) = await registry.open(
      request, origin: origin, outbox: outbox, logger: Logger(label: "test"), id: nextID,
      factory: .mainActor { [unowned self] session in
        let app = NumbersApp(session: session)
        apps[session.id] = app
        return app
      })
    let session = host.sessionOnMainActor
    connections[ObjectIdentifier(session)] = connection
    hosts[ObjectIdentifier(session)] = host
    return (session, outbox, await Self.drain(outbox))
  }

  /// Opens a fresh session; returns it with its token and the seq of its structure (what
  /// the page has applied).
  func openFresh(_ registry: SessionRegistry) async throws -> (
    session: WebSession, token: String, seen: Int
  ) {
    let (session, _, first) = await open(registry)
    return (
      session, try #require(first[0]["token"] as? String),
      try #require(first[1]["seq"] as? Int)
    )
  }

  /// The session's connection ends, as the server's connection handler reports it.
  func drop(_ registry: SessionRegistry, _ session: WebSession) async {
    await detach(registry, session, connection: connections[ObjectIdentifier(session)] ?? 0)
  }

  /// A connection of the session ends, reported on the session's actor as the server does.
  func detach(_ registry: SessionRegistry, _ session: WebSession, connection: Int) async {
    guard let host = hosts[ObjectIdentifier(session)] else {
      Issue.record("no host for session \(session.id)")
      return
    }
    await host.run { registry.detach($0, from: host, connection: connection) }
  }

  static func drain(_ outbox: SessionOutbox) async -> [[String: Any]] {
    var messages: [[String: Any]] = []
    while outbox.queuedBytes > 0, let text = await outbox.next() {
      messages.append(try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
    }
    return messages
  }

  static func resume(_ token: String, seen: [String: Int], page: String? = nil) -> Result<
    ResumeRequest, WireSession.Refusal
  >? {
    .success(ResumeRequest(token: token, seen: seen, page: page))
  }

  @Test func aFreshSessionSaysSoFirstThenSendsItsStructure() async throws {
    let registry = makeRegistry()
    let (_, _, messages) = await open(registry)
    #expect(messages.map { $0["type"] as? String } == ["session", "structure"])
    let token = try #require(messages[0]["token"] as? String)
    #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
    #expect(messages[0]["resumed"] as? Bool == false)
    #expect(messages[0]["graceSeconds"] as? Int == 60)
    #expect(messages[0]["refused"] == nil)
    #expect(registry.count == 1)
  }

  /// The page missed two batches and an app message while away: they come again, in
  /// order, after `session`, and the old token no longer works.
  @Test func aPageThatComesBackGetsTheBatchesItMissed() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    let app = try #require(apps[session.id])
    await drop(registry, session)
    #expect(session.isWaitingForResume)
    app.change([1, 2, 3, 4, 5, 6])
    app.change([6, 1, 2, 3, 4, 5])

    let (resumed, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(resumed === session)
    #expect(messages.map { $0["type"] as? String } == ["session", "batch", "batch", "app", "app"])
    #expect(messages[0]["resumed"] as? Bool == true)
    #expect(messages[0]["views"] as? [String: String] == ["list": "replay"])
    let newToken = try #require(messages[0]["token"] as? String)
    #expect(newToken != token)
    #expect(messages[1]["seq"] as? Int == seen + 1 && messages[2]["seq"] as? Int == seen + 2)
    #expect(!session.isWaitingForResume)

    // The page's first message on the new connection retires the token it presented.
    session.receive(#"{"v":1,"type":"ack","view":"list","seq":\#(seen + 2)}"#)
    await drop(registry, session)
    let (other, _, refused) = await open(registry, Self.resume(token, seen: ["list": 3]))
    #expect(other !== session, "a token works once")
    #expect(refused[0]["resumed"] as? Bool == false)
    #expect(refused[0]["refused"] as? String == "expired")
    #expect(refused.map { $0["type"] as? String } == ["session", "structure"])
  }

  @Test func aPageThatMissedNothingIsTold() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    await drop(registry, session)
    let (_, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(messages.count == 1)
    #expect(messages[0]["views"] as? [String: String] == ["list": "current"])
  }

  /// Acknowledged batches leave the log; a page past what the log keeps gets one batch
  /// from its state to now, numbered to follow its seq.
  @Test func aPageFurtherBehindThanTheLogGetsOneBatchFromItsState() async throws {
    let registry = makeRegistry(logLimit: 1)
    let (session, token, seen) = try await openFresh(registry)
    let app = try #require(apps[session.id])
    await drop(registry, session)
    app.change([1, 2, 3, 4, 5, 6])
    app.change([7, 6, 1, 2, 3, 5])

    let (_, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(messages[0]["views"] as? [String: String] == ["list": "resync"])
    #expect(messages.map { $0["type"] as? String } == ["session", "batch", "app", "app"])
    let batch = messages[1]
    #expect(batch["seq"] as? Int == seen + 1)
    let update = try #require(batch["update"] as? [String: Any])
    // From [1…5] to [7, 6, 1, 2, 3, 5]: 4 deleted, 6 and 7 inserted, nothing moved.
    #expect((update["deletedItems"] as? [[Int]]) == [[0, 3]])
    #expect((update["insertedItems"] as? [[Int]]) == [[0, 0], [0, 1]])
    #expect((update["movedItems"] as? [Any])?.isEmpty ?? true)
    #expect((batch["sections"] as? [[String: Any]])?.first?["count"] as? Int == 6)
  }

  @Test func aPageWithoutASeqOrWithOneNeverSentStartsAgainFromAStructure() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    await drop(registry, session)
    let (_, _, messages) = await open(registry, Self.resume(token, seen: [:]))
    #expect(messages.last?["seq"] as? Int == seen + 1, "a new structure")
    #expect(messages[0]["views"] as? [String: String] == ["list": "restart"])
    #expect(messages.map { $0["type"] as? String } == ["session", "structure"])
    await drop(registry, session)
    let token2 = try #require(messages[0]["token"] as? String)
    let (_, _, again) = await open(registry, Self.resume(token2, seen: ["list": 99]))
    #expect(again[0]["views"] as? [String: String] == ["list": "restart"])
  }

  @Test func aTokenFromAnotherOriginOrForAConnectedSessionIsRefused() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    let (inUse, _, busy) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(inUse !== session)
    #expect(busy[0]["refused"] as? String == "inUse")

    await drop(registry, session)
    let (stranger, _, foreign) = await open(
      registry, Self.resume(token, seen: ["list": seen]),
      origin: OriginParts("https://evil.example"))
    #expect(stranger !== session)
    #expect(foreign[0]["refused"] as? String == "origin")
    // The page it belongs to can still come back.
    let (mine, _, _) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(mine === session)
  }

  @Test func aMalformedRequestStartsAFreshSessionAndSaysWhy() async {
    let registry = makeRegistry()
    let (_, _, messages) = await open(registry, .failure(.malformed))
    #expect(messages[0]["refused"] as? String == "malformed")
    #expect(messages.map { $0["type"] as? String } == ["session", "structure"])
  }

  /// After the grace period the session and the app's object are freed, and its token
  /// starts a fresh session.
  @Test func theGracePeriodEndsTheSession() async throws {
    let registry = makeRegistry(grace: .milliseconds(50))
    let alive = NumbersApp.alive
    let (session, token, seen) = try await openFresh(registry)
    #expect(NumbersApp.alive == alive + 1)
    await drop(registry, session)
    apps = [:]
    for _ in 0..<100 where registry.count > 0 { try await Task.sleep(for: .milliseconds(10)) }
    #expect(registry.count == 0 && registry.detachedCount == 0)
    #expect(NumbersApp.alive == alive, "the expired session's app object was freed")
    let (_, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(messages[0]["refused"] as? String == "expired")
  }

  @Test func withoutAGracePeriodAClosedConnectionFreesItsSession() async throws {
    let registry = makeRegistry(grace: .zero)
    let (session, _, first) = await open(registry)
    #expect(first[0]["graceSeconds"] as? Int == 0)
    let token = try #require(first[0]["token"] as? String)
    let seen = try #require(first[1]["seq"] as? Int)
    await drop(registry, session)
    #expect(registry.count == 0)
    #expect(session.listViews.isEmpty, "closed")
    let (_, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(messages[0]["refused"] as? String == "expired")
  }

  @Test func pastTheMostWaitingSessionsTheOldestIsFreed() async throws {
    let registry = makeRegistry(maximumDetached: 2)
    var tokens: [String] = []
    var sessions: [WebSession] = []
    var seen = 0
    for _ in 0..<3 {
      let (session, _, first) = await open(registry)
      tokens.append(try #require(first[0]["token"] as? String))
      seen = try #require(first[1]["seq"] as? Int)
      sessions.append(session)
      await drop(registry, session)
    }
    #expect(registry.detachedCount == 2)
    let (_, _, oldest) = await open(registry, Self.resume(tokens[0], seen: ["list": seen]))
    #expect(oldest[0]["refused"] as? String == "expired")
    let (newest, _, _) = await open(registry, Self.resume(tokens[2], seen: ["list": seen]))
    #expect(newest === sessions[2])
  }

  /// A page away while its app sends more than the session holds cannot resume faithfully.
  @Test func tooManyAppMessagesWhileAwayEndResuming() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    await drop(registry, session)
    for n in 0...ResumeState.maximumHeldMessages {
      session.sendApp("tick", payload: .number(Double(n)))
    }
    let (other, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(other !== session)
    #expect(messages[0]["refused"] as? String == "expired")
  }

  /// Each session held up to its own limit of app messages for a page that is away, so
  /// 10,000 waiting sessions could hold 256 KiB each. Past the server's budget for what
  /// sessions keep, one holding more than its share cannot resume; one under it can.
  @Test func pastTheResumeBudgetHeldAppMessagesEndResuming() async throws {
    let registry = makeRegistry(resumeBudget: 1_000)
    let (small, smallToken, smallSeen) = try await openFresh(registry)
    let (large, largeToken, largeSeen) = try await openFresh(registry)
    #expect(registry.resumeBudget.share == 250, "two sessions: a log and held messages each")
    await drop(registry, small)
    await drop(registry, large)
    small.sendApp("tick", payload: .string("small"))
    #expect(registry.resumeBudget.heldBytes < 250)
    large.sendApp("tick", payload: .string(String(repeating: "x", count: 1_100)))
    #expect(registry.resumeBudget.heldBytes < 250, "the large session gave its messages up")
    let (resumed, _, kept) = await open(
      registry, Self.resume(smallToken, seen: ["list": smallSeen]))
    #expect(resumed === small)
    #expect(kept.last?["payload"] as? String == "small")
    let (other, _, refused) = await open(
      registry, Self.resume(largeToken, seen: ["list": largeSeen]))
    #expect(other !== large)
    #expect(refused[0]["refused"] as? String == "expired")
  }

  /// While connected, the page's acknowledgements empty the log, so an idle session keeps
  /// no messages; the structure a page starts from is never kept (pages do not acknowledge
  /// structures).
  @Test func acknowledgementsEmptyTheLog() async throws {
    let registry = makeRegistry()
    let (session, _, _) = await open(registry)
    let app = try #require(apps[session.id])
    let view = try #require(session.listViews["list"])
    #expect(view.resumeLog?.entries.isEmpty == true, "the structure is not kept")
    app.change([1, 2])
    app.change([2, 1])
    #expect(view.resumeLog?.entries.map(\.seq) == [view.seq - 1, view.seq])
    session.receive(#"{"v":1,"type":"ack","view":"list","seq":\#(view.seq)}"#)
    #expect(view.resumeLog?.entries.isEmpty == true)
    #expect(view.resumeLog?.bytes == 0)
  }

  static let pageA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
  static let pageB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

  /// A page whose network went away sees its socket close before the server does (a
  /// half-open connection): it takes its session back, and the old connection is closed;
  /// another page load with the same token (a duplicated tab) is refused.
  @Test func thePageItselfTakesItsSessionBackFromAConnectionNotYetSeenDropping() async throws {
    let registry = makeRegistry()
    let (session, oldOutbox, first) = await open(
      registry, .success(ResumeRequest(token: nil, seen: [:], page: Self.pageA)))
    let token = try #require(first[0]["token"] as? String)
    let seen = try #require(first[1]["seq"] as? Int)
    let oldConnection = try #require(connections[ObjectIdentifier(session)])

    let (twin, _, refused) = await open(
      registry, Self.resume(token, seen: ["list": seen], page: Self.pageB))
    #expect(twin !== session && refused[0]["refused"] as? String == "inUse")
    #expect(!oldOutbox.wantsDisconnect)

    let (back, _, messages) = await open(
      registry, Self.resume(token, seen: ["list": seen], page: Self.pageA))
    #expect(back === session)
    #expect(messages[0]["resumed"] as? Bool == true)
    #expect(oldOutbox.wantsDisconnect, "the half-open connection is closed")
    // The old connection's end, reported late, leaves the new one alone.
    await detach(registry, session, connection: oldConnection)
    #expect(!session.isWaitingForResume)
  }

  /// The new token travels in `session`; until the page answers anything on the new
  /// connection, the token it presented still works (the connection may drop first).
  @Test func thePresentedTokenWorksUntilThePageHasTheNewOne() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    await drop(registry, session)
    let (_, _, lostReply) = await open(registry, Self.resume(token, seen: ["list": seen]))
    let undelivered = try #require(lostReply[0]["token"] as? String)
    await drop(registry, session)  // before the page read `session`

    let (again, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(again === session && messages[0]["resumed"] as? Bool == true)
    let newest = try #require(messages[0]["token"] as? String)
    session.receive(#"{"v":1,"type":"ack","view":"list","seq":\#(seen)}"#)
    await drop(registry, session)
    for stale in [token, undelivered] {
      let (other, _, reply) = await open(registry, Self.resume(stale, seen: ["list": seen]))
      #expect(other !== session && reply[0]["refused"] as? String == "expired")
    }
    let (last, _, _) = await open(registry, Self.resume(newest, seen: ["list": seen]))
    #expect(last === session)
  }

  /// App messages still queued when the connection drops reach the page when it resumes.
  @Test func appMessagesQueuedAtTheDropAreKept() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    session.sendApp("saved", payload: .string("recipe 4"))
    await drop(registry, session)
    let (_, _, messages) = await open(registry, Self.resume(token, seen: ["list": seen]))
    #expect(messages.map { $0["type"] as? String } == ["session", "app"])
    #expect(messages[1]["payload"] as? String == "recipe 4")
  }

  /// A catch-up larger than the new connection's outbox ends in a structure: no batch is
  /// queued after it, and the page's seq stays consistent.
  @Test func aCatchUpThatOverflowsTheOutboxEndsInAStructure() async throws {
    let registry = makeRegistry()
    let (session, token, seen) = try await openFresh(registry)
    let app = try #require(apps[session.id])
    await drop(registry, session)
    for n in 0..<20 {
      app.items = Array(0...(n + 5))
      app.apply()
    }
    let (_, _, messages) = await open(
      registry, Self.resume(token, seen: ["list": seen]), limit: 2_000)
    let listMessages = messages.filter { $0["view"] as? String == "list" }
    #expect(listMessages.last?["type"] as? String == "structure")
    #expect(listMessages.count == 1, "the replayed batches were dropped for the structure")
    #expect(messages.first?["type"] as? String == "session")
    let view = try #require(session.listViews["list"])
    #expect(listMessages.last?["seq"] as? Int == view.seq)
  }
}
