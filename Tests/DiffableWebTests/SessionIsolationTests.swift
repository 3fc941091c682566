import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import DiffableWeb

/// Mail that stops the session's actor until `release` is signalled, after signalling
/// `entered`.
struct Block: Sendable {
  let entered: DispatchSemaphore
  let release: DispatchSemaphore
}

/// A session's app for these tests: a list, and a mail handler that records what it gets.
final class MailApp {
  let dataSource: CollectionViewDiffableDataSource<Int, Int>
  var mail: [Int] = []

  init(session: WebSession) {
    dataSource = makeNumberDataSource(for: session.makeListView(named: "list"))
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1, 2, 3])
    dataSource.apply(snapshot)
    session.mailHandler = { [unowned self] value in
      if let block = value as? Block {
        block.entered.signal()
        block.release.wait()
      } else if let number = value as? Int {
        mail.append(number)
      }
    }
  }
}

/// Lines written from any thread.
final class StepLog: Sendable {
  private let storage = NIOLockedValueBox<[String]>([])
  func add(_ line: String) { storage.withLockedValue { $0.append(line) } }
  var lines: [String] { storage.withLockedValue { $0 } }
}

/// Sessions made with `makeSessionOnItsOwnActor`, driven without a socket.
@Suite("Sessions on actors of their own")
struct SessionIsolationTests {
  static func open(_ registry: SessionRegistry, id: Int) async -> SessionHost {
    await registry.open(
      nil, origin: nil, outbox: SessionOutbox(limit: 1 << 20), logger: Logger(label: "test"),
      id: id, factory: .ownActor { MailApp(session: $0) }
    ).host
  }

  static func makeRegistry() -> SessionRegistry {
    SessionRegistry(gracePeriod: .seconds(60), maximumDetached: 100, logLimit: 1 << 20)
  }

  /// Waits on a thread of its own, so that no task of the pool is held.
  static func wait(_ semaphore: DispatchSemaphore) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        semaphore.wait()
        continuation.resume()
      }
    }
  }

  @Test func eachSessionRunsOnAnActorOfItsOwn() async {
    let registry = Self.makeRegistry()
    let first = await Self.open(registry, id: 1)
    let second = await Self.open(registry, id: 2)
    #expect(first.isolation !== second.isolation)
    #expect(first.isolation !== MainActor.shared)
    // The session's work runs on its actor.
    let isolation = first.isolation
    await first.run { _ in isolation.preconditionIsolated() }
  }

  /// The point of per-session actors: a session stuck in its app's code holds up no other.
  @Test func aBusySessionDoesNotHoldUpAnother() async throws {
    let registry = Self.makeRegistry()
    let busy = await Self.open(registry, id: 1)
    let other = await Self.open(registry, id: 2)
    let block = Block(entered: DispatchSemaphore(value: 0), release: DispatchSemaphore(value: 0))
    let mailbox = await busy.run { $0.mailbox }
    mailbox.post(block)
    await Self.wait(block.entered)
    // The busy session's actor is inside its handler now, and stays there until released.
    let answered = NIOLockedValueBox(false)
    let probe = Task {
      let id = await other.run { session -> Int in
        session.receive(#"{"v":1,"type":"app","name":"hello"}"#)
        return session.id
      }
      answered.withLockedValue { $0 = true }
      return id
    }
    var waited = 0
    while !answered.withLockedValue({ $0 }) && waited < 500 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    #expect(answered.withLockedValue { $0 }, "the other session answered while the first was busy")
    block.release.signal()
    #expect(await probe.value == 2)
  }

  @Test func mailArrivesInTheOrderPostedFromManyThreads() async throws {
    let registry = Self.makeRegistry()
    let host = await Self.open(registry, id: 1)
    let mailbox = await host.run { $0.mailbox }
    // Each thread posts its own increasing numbers; each one's must arrive in its order.
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for number in 0..<250 { mailbox.post(thread * 1_000 + number) }
    }
    var received: [Int] = []
    for _ in 0..<200 {
      received = await host.run { session in (session.owner as? MailApp)?.mail ?? [] }
      if received.count == 1_000 { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.count == 1_000)
    for thread in 0..<4 {
      let mine = received.filter { $0 / 1_000 == thread }
      #expect(mine == (0..<250).map { thread * 1_000 + $0 })
    }
  }

  @Test func mailToAnEndedSessionIsDropped() async throws {
    let registry = Self.makeRegistry()
    var host: SessionHost? = await Self.open(registry, id: 1)
    let mailbox = try #require(await host?.run { $0.mailbox })
    weak let weakHost = host
    // The session ends (its grace period passed): the registry lets it go.
    await registry.expire(try #require(await host?.run { $0.resume?.token }))
    host = nil
    #expect(weakHost == nil, "nothing but its connection and the registry keep a host")
    mailbox.post(1)  // no host: dropped, no crash
  }

  @Test func performRunsItsWorkOnTheSessionsActorAcrossAwaits() async {
    let registry = Self.makeRegistry()
    let host = await Self.open(registry, id: 1)
    let isolation = host.isolation
    let steps = StepLog()
    let task = await host.run { session in
      #expect(session.isolation === isolation)
      return session.perform { actor in
        isolation.preconditionIsolated()
        steps.add(actor === isolation ? "on the session's actor" : "elsewhere")
        try? await Task.sleep(for: .milliseconds(5))
        // Back on it after the await: the work is isolated to the actor it was given.
        isolation.preconditionIsolated()
        steps.add("back")
      }
    }
    await task.value
    #expect(steps.lines == ["on the session's actor", "back"])
  }

  /// Reviewer's finding: a mailbox whose session was gone kept every later post.
  @MainActor
  @Test func aMailboxWhoseSessionEndedKeepsNoMail() async throws {
    var session: WebSession? = WebSession(id: 1) { _ in }
    let mailbox = try #require(session).mailbox
    session = nil
    mailbox.post(1)
    for _ in 0..<200 where !mailbox.queue.waiting.isClosed {
      try await Task.sleep(for: .milliseconds(5))
    }
    for number in 2...100 { mailbox.post(number) }
    #expect(mailbox.queue.waiting.isClosed)
    #expect(mailbox.queue.waiting.count == 0)
  }

  @MainActor
  @Test func aSessionMadeWithoutAServerHasAMailboxToo() async throws {
    let session = WebSession(id: 1) { _ in }
    var received: [Int] = []
    session.mailHandler = { received.append($0 as? Int ?? -1) }
    for number in 1...3 { session.mailbox.post(number) }
    for _ in 0..<200 where received.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(received == [1, 2, 3])
  }
}
