import Synchronization

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
  ///     store.observers.append(session.mailbox!)   // later, elsewhere: mailbox.post(recipes)
  ///
  /// Mail posted after the session has ended is dropped.
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
  }
  private let state = Mutex(State())
  private weak let host: SessionHost?

  init(host: SessionHost) { self.host = host }

  func post(_ value: any Sendable) {
    let schedule = state.withLock { state -> Bool in
      state.waiting.append(value)
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    guard schedule, let host else { return }
    Task { await host.run { session in self.deliver(to: session) } }
  }

  /// Hands the session everything waiting, oldest first, including what is posted
  /// meanwhile; on the session's actor.
  private func deliver(to session: WebSession) {
    while true {
      let batch = state.withLock { state -> [any Sendable] in
        if state.waiting.isEmpty { state.isScheduled = false }
        defer { state.waiting = [] }
        return state.waiting
      }
      if batch.isEmpty { return }
      for value in batch { session.mailHandler?(value) }
    }
  }
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
