import RecipeKit

/// Runs one tab's changes one after another, in the order the tab asked for them, on the
/// tab's actor.
///
/// A change waits for its storage (a file write, a database transaction), and the tab's
/// actor serves other work meanwhile; without the queue, a favorite and a delete sent in
/// that order could be saved and answered in the other.
final class ChangeQueue {
  /// The actor the tab's objects live on, where every change runs.
  let isolation: any Actor
  private var last: Task<Void, Never>?
  private var pending = 0
  /// The tab's observations of the store, which a saved change waits for.
  var observations: [StoreObservation] = []

  /// - Precondition: Made on `isolation`, the actor of the tab's objects.
  init(isolation: any Actor) {
    isolation.preconditionIsolated(
      "ChangeQueue.init(isolation:): a tab's objects are made on the actor they live on")
    self.isolation = isolation
  }

  /// The most changes a tab may have waiting or running. A page that sends requests faster
  /// than they are saved (or while the storage is down, when each waits seconds) would
  /// otherwise hold a task and its request for each, without limit, and every other tab's
  /// saves would wait behind them on the one store. A refusal is answered at once, so it
  /// may come before the replies of the changes waiting ahead of it; no person's page gets
  /// near the limit (`Tests/Network/test_crash_consistency.py` keeps 200 in flight at most,
  /// in order, and relies on staying under it).
  static let maximumPending = 256

  /// Starts `work` after every change enqueued before it has finished, isolated to the
  /// tab's actor; or, when ``maximumPending`` changes are waiting already, does nothing and
  /// returns `false`, for the caller to answer that the change was not made.
  ///
  /// `work` is isolated to the actor it receives, which is the tab's: the tab's objects it
  /// uses (captured through `nonisolated(unsafe)` names, as the compiler cannot tell that
  /// this actor is theirs) are used only there, before and after each `await`.
  func enqueue(_ work: @escaping (isolated any Actor) async -> Void) -> Bool {
    guard pending < Self.maximumPending else { return false }
    let previous = last
    pending += 1
    nonisolated(unsafe) let (queue, work) = (self, work)
    let change = QueuedChange { isolation in
      await work(isolation)
      queue.pending -= 1
    }
    let isolation = isolation
    last = Task {
      await previous?.value
      await change.run(on: isolation)
    }
    return true
  }

  /// What a tab answers for a change ``enqueue(_:)`` refused.
  static let busySentence =
    "Too many changes are waiting to be saved; this one was not made. Try again in a moment."

  /// Returns once the tab's objects have had every store update published so far: a
  /// change's answer then follows what the tab shows (on the main actor, at once).
  nonisolated(nonsending) func storeCaughtUp() async {
    for observation in observations { await observation.caughtUp() }
  }

  /// Returns once every change enqueued so far, and any they enqueued, has finished.
  nonisolated(nonsending) func idle() async {
    while pending > 0, let last {
      await last.value
    }
  }
}

/// A change on its way to the tab's actor.
///
/// `@unchecked Sendable` because it runs only isolated to the actor of the queue that made
/// it, where the tab's objects it uses live.
private final class QueuedChange: @unchecked Sendable {
  private let work: (isolated any Actor) async -> Void

  init(_ work: @escaping (isolated any Actor) async -> Void) { self.work = work }

  func run(on isolation: isolated any Actor) async { await work(isolation) }
}
