import NIOConcurrencyHelpers

/// What a ``DataStore`` shows, readable from any thread, and its changes, delivered to
/// observers on their own actors.
///
/// The store is main-actor isolated; a server's sessions run on actors of their own. They
/// read the store's state here without waiting for the main actor, and each observer gets
/// every ``StoreUpdate`` in order, on the actor it named: at once when that is the main
/// actor (where the store publishes), otherwise as soon as its actor runs it.
public final class StoreFeed: Sendable {
  /// The store's recipes and collection names, as last published.
  public struct State: Sendable {
    /// Every recipe, in the user's order.
    public var recipes: [Recipe]
    /// The collections' names, sorted.
    public var collections: [String]
  }

  /// One lock for all three, so that an observer starts from exactly the state before the
  /// first update it is sent.
  private struct Shared {
    var state: State
    /// How many updates were published.
    var published = 0
    var next = 0
    var observers: [Int: FeedObserver] = [:]
  }
  private let shared: NIOLockedValueBox<Shared>

  init(_ state: State) { self.shared = NIOLockedValueBox(Shared(state: state)) }

  /// The state as last published.
  public var current: State { shared.withLockedValue { $0.state } }

  /// Calls `handler` with every update after ``StoreObservation/state``, in order, on
  /// `isolation`, until the returned observation is released. Start from the observation's
  /// `state`, not from an earlier ``current``: an update published in between would be
  /// neither.
  ///
  /// Several observers on one actor other than the main actor each get the same update in
  /// no fixed order among themselves: a handler reads what it needs from the update, not
  /// from what another observer keeps.
  ///
  /// - Precondition: Called on `isolation`: `handler` is not `Sendable` and belongs to the
  ///   caller's actor, where its objects live.
  public func observe(
    on isolation: any Actor, _ handler: @escaping (StoreUpdate) -> Void
  ) -> StoreObservation {
    isolation.preconditionIsolated(
      "StoreFeed.observe(on:_:): called off the actor its handler is to run on")
    let observer = FeedObserver(isolation: isolation, handler: handler)
    let (id, state) = shared.withLockedValue { shared in
      shared.next += 1
      observer.start(at: shared.published)
      shared.observers[shared.next] = observer
      return (shared.next, shared.state)
    }
    return StoreObservation(feed: self, observer: observer, state: state) { [weak self] in
      self?.shared.withLockedValue { _ = $0.observers.removeValue(forKey: id) }
    }
  }

  /// Records `update` as the current state and hands it to every observer. On the main
  /// actor, where the store changes.
  @MainActor
  func publish(_ update: StoreUpdate) {
    let (number, all) = shared.withLockedValue { shared in
      shared.state.recipes = update.recipes
      if let collections = update.collections { shared.state.collections = collections }
      shared.published += 1
      return (shared.published, shared.observers.sorted { $0.key < $1.key }.map(\.value))
    }
    for observer in all { observer.deliver(update, number: number) }
  }

  /// How many updates were published so far.
  var publishedCount: Int { shared.withLockedValue { $0.published } }
}

/// One store change: the recipes after it, the collection names if they changed, and the
/// recipes that changed in place (a favorite, an edit).
public struct StoreUpdate: Sendable {
  /// Every recipe, in the user's order.
  public let recipes: [Recipe]
  /// The collections' names when they changed; `nil` when they did not.
  public let collections: [String]?
  /// The ids of the recipes changed in place.
  public let changedInPlace: [Recipe.ID]
}

/// Keeps an observer of a ``StoreFeed`` registered; releasing it ends the observation.
public final class StoreObservation: Sendable {
  /// The store's state just before the first update the handler is sent.
  public let state: StoreFeed.State
  private let feed: StoreFeed
  private let observer: FeedObserver
  private let cancel: @Sendable () -> Void

  fileprivate init(
    feed: StoreFeed, observer: FeedObserver, state: StoreFeed.State,
    cancel: @escaping @Sendable () -> Void
  ) {
    self.feed = feed
    self.observer = observer
    self.state = state
    self.cancel = cancel
  }

  /// Returns once the handler has had every update published before this call: after a
  /// save, so that what a tab answers follows what it shows. Call it on the observer's
  /// actor (it waits by letting that actor run the updates).
  nonisolated(nonsending) public func caughtUp() async {
    let target = feed.publishedCount
    while observer.deliveredCount < target { await Task.yield() }
  }

  deinit { cancel() }
}

/// One observer: its handler, on its actor, and the updates waiting for it there.
///
/// `@unchecked Sendable` because `handler` is called only on `isolation`.
private final class FeedObserver: @unchecked Sendable {
  private struct Waiting {
    var updates: [(StoreUpdate, number: Int)] = []
    var isScheduled = false
    /// The number of the last update handled.
    var delivered: Int
  }
  /// Whether the observer is on the main actor (held by nobody: it lives forever).
  let isMainActor: Bool
  /// Any other actor, weakly: one that keeps its own observation would otherwise keep
  /// itself alive.
  weak let isolation: (any Actor)?
  private let handler: (StoreUpdate) -> Void
  private let waiting: NIOLockedValueBox<Waiting>

  init(isolation: any Actor, handler: @escaping (StoreUpdate) -> Void) {
    self.isMainActor = isolation === MainActor.shared
    self.isolation = isMainActor ? nil : isolation
    self.handler = handler
    self.waiting = NIOLockedValueBox(Waiting(delivered: 0))
  }

  /// Counts the updates published before the observer began as delivered.
  func start(at published: Int) { waiting.withLockedValue { $0.delivered = published } }

  var deliveredCount: Int { waiting.withLockedValue { $0.delivered } }

  @MainActor
  func deliver(_ update: StoreUpdate, number: Int) {
    if isMainActor {
      handler(update)
      waiting.withLockedValue { $0.delivered = number }
      return
    }
    let schedule = waiting.withLockedValue { waiting -> Bool in
      waiting.updates.append((update, number))
      defer { waiting.isScheduled = true }
      return !waiting.isScheduled
    }
    if schedule, let isolation {
      // Detached: straight to the observer's actor, not through the main actor first.
      Task.detached { await self.drain(on: isolation) }
    }
  }

  private func drain(on isolation: isolated any Actor) {
    while true {
      let batch = waiting.withLockedValue { waiting -> [(StoreUpdate, number: Int)] in
        if waiting.updates.isEmpty { waiting.isScheduled = false }
        defer { waiting.updates = [] }
        return waiting.updates
      }
      if batch.isEmpty { return }
      for (update, number) in batch {
        handler(update)
        waiting.withLockedValue { $0.delivered = number }
      }
    }
  }
}
