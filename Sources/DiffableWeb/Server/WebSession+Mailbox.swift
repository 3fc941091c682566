import NIOConcurrencyHelpers

extension WebSession {
  /// Takes values from any thread or task to a session's ``WebSession/mailHandler``, which
  /// receives them on the session's actor in the order they were posted.
  ///
  /// A session's objects are not `Sendable`; this is how state shared by sessions (a store
  /// every page shows) tells each of them about a change:
  ///
  ///     session.mailHandler = { [weak controller] mail in
  ///       if let recipes = mail as? [Recipe] { controller?.show(recipes) }
  ///     }
  ///     store.observers.append(session.mailbox)   // later, elsewhere: mailbox.post(recipes)
  ///
  /// Mail posted after the session has ended is dropped, and the mailbox keeps none.
  public struct Mailbox: Sendable {
    let queue: MailQueue

    /// Queues `value` for the session's ``WebSession/mailHandler``.
    ///
    /// - Complexity: O(1) here; the handler runs later, on the session's actor.
    public func post(_ value: any Sendable) {
      queue.post(value)
    }
  }
}

/// The mail waiting for one session, and whether a job to deliver it is already on its way.
final class MailQueue: Sendable {
  private struct State {
    var waiting: [any Sendable] = []
    var isScheduled = false
    var isClosed = false
  }
  private let state = NIOLockedValueBox(State())
  private let isolation: any Actor
  private let target: MailTarget

  init(for session: WebSession) {
    isolation = session.isolation
    target = MailTarget(session)
  }

  /// How much mail waits, and whether the mailbox takes no more (tests).
  var waiting: (count: Int, isClosed: Bool) {
    state.withLockedValue { ($0.waiting.count, $0.isClosed) }
  }

  func post(_ value: any Sendable) {
    let schedule = state.withLockedValue { state -> Bool in
      guard !state.isClosed else { return false }
      state.waiting.append(value)
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    guard schedule else { return }
    let isolation = isolation
    Task.detached { await self.deliver(on: isolation) }
  }

  /// Hands the session everything waiting, oldest first, including what is posted
  /// meanwhile, on its actor; once the session is gone, drops the mail and takes no more.
  private func deliver(on isolation: isolated any Actor) {
    while true {
      let session = target.session
      let batch = state.withLockedValue { state -> [any Sendable] in
        if session == nil { state.isClosed = true }
        if state.waiting.isEmpty || session == nil { state.isScheduled = false }
        defer { state.waiting = [] }
        return session == nil ? [] : state.waiting
      }
      guard let session, !batch.isEmpty else { return }
      for value in batch { session.mailHandler?(value) }
    }
  }
}

/// The session a mailbox delivers to, held weakly.
///
/// `@unchecked Sendable` because the session is read only on its own actor
/// (`MailQueue.deliver(on:)`, isolated to the session's `isolation`).
private final class MailTarget: @unchecked Sendable {
  weak var session: WebSession?

  init(_ session: WebSession) { self.session = session }
}

extension WebSession {
  /// Runs `work` on the session's actor, as a task of its own: the way for the app's
  /// objects, which are not `Sendable`, to wait for something (a save, another actor) and
  /// then carry on with their state.
  ///
  ///     // Called on the session's actor; the compiler cannot tell that `work`'s actor is
  ///     // the controller's, so the controller crosses under a name that says so.
  ///     nonisolated(unsafe) let controller = controller
  ///     session.perform { _ in
  ///       let saved = try? await store.save(change)   // waits; other sessions run
  ///       controller.show(saved)                       // back on the session's actor
  ///     }
  ///
  /// `work` receives the session's actor; being isolated to it, it may use the session's
  /// objects before and after each `await`. Call this on the session's actor, with work
  /// that uses only that session's objects.
  @discardableResult
  public func perform(_ work: @escaping (isolated any Actor) async -> Void) -> Task<Void, Never> {
    let job = IsolatedJob(work)
    let isolation = isolation
    return Task { await job.run(on: isolation) }
  }
}

/// Work for one actor, on its way there.
///
/// `@unchecked Sendable` because the work is run only isolated to the actor it was made
/// for (``WebSession/perform(_:)`` passes the session's).
final class IsolatedJob: @unchecked Sendable {
  private let work: (isolated any Actor) async -> Void

  init(_ work: @escaping (isolated any Actor) async -> Void) { self.work = work }

  func run(on isolation: isolated any Actor) async { await work(isolation) }
}
