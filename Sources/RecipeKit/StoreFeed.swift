import Synchronization

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

  private struct Observers {
    var next = 0
    var all: [Int: FeedObserver] = [:]
  }
  private let state: Mutex<State>
  /// How many updates were published.
  private let published = Mutex(0)
  private let observers = Mutex(Observers())

  init(_ state: State) { self.state = Mutex(state) }

  /// The state as last published.
  public var current: State { state.withLock { $0 } }

  /// Calls `handler` with every update from now on, in order, on `isolation`, until the
  /// returned observation is released.
  ///
  /// Call it on `isolation`: `handler` is not `Sendable`, and belongs to the caller's
  /// actor, where its objects live.
  public func observe(
    on isolation: any Actor, _ handler: @escaping (StoreUpdate) -> Void
  ) -> StoreObservation {
    let observer = FeedObserver(
      isolation: isolation, handler: handler, delivered: published.withLock { $0 })
    let id = observers.withLock { observers in
      observers.next += 1
      observers.all[observers.next] = observer
      return observers.next
    }
    return StoreObservation(feed: self, observer: observer) { [weak self] in
      self?.observers.withLock { _ = $0.all.removeValue(forKey: id) }
    }
  }

  /// Records `update` as the current state and hands it to every observer. On the main
  /// actor, where the store changes.
  @MainActor
  func publish(_ update: StoreUpdate) {
    state.withLock { state in
      state.recipes = update.recipes
      if let collections = update.collections { state.collections = collections }
    }
    let number = published.withLock {
      $0 += 1
      return $0
    }
    let all = observers.withLock { $0.all.sorted { $0.key < $1.key }.map(\.value) }
    for observer in all { observer.deliver(update, number: number) }
  }

  /// How many updates were published so far.
  var publishedCount: Int { published.withLock { $0 } }
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
  private let feed: StoreFeed
  private let observer: FeedObserver
  private let cancel: @Sendable () -> Void

  fileprivate init(
    feed: StoreFeed, observer: FeedObserver, cancel: @escaping @Sendable () -> Void
  ) {
    self.feed = feed
    self.observer = observer
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
  let isolation: any Actor
  private let handler: (StoreUpdate) -> Void
  private let waiting: Mutex<Waiting>

  init(isolation: any Actor, handler: @escaping (StoreUpdate) -> Void, delivered: Int) {
    self.isolation = isolation
    self.handler = handler
    self.waiting = Mutex(Waiting(delivered: delivered))
  }

  var deliveredCount: Int { waiting.withLock { $0.delivered } }

  @MainActor
  func deliver(_ update: StoreUpdate, number: Int) {
    if isolation === MainActor.shared {
      handler(update)
      waiting.withLock { $0.delivered = number }
      return
    }
    let schedule = waiting.withLock { waiting -> Bool in
      waiting.updates.append((update, number))
      defer { waiting.isScheduled = true }
      return !waiting.isScheduled
    }
    if schedule {
      let isolation = isolation
      Task { await self.drain(on: isolation) }
    }
  }

  private func drain(on isolation: isolated any Actor) {
    while true {
      let batch = waiting.withLock { waiting -> [(StoreUpdate, number: Int)] in
        if waiting.updates.isEmpty { waiting.isScheduled = false }
        defer { waiting.updates = [] }
        return waiting.updates
      }
      if batch.isEmpty { return }
      for (update, number) in batch {
        handler(update)
        waiting.withLock { $0.delivered = number }
      }
    }
  }
}
