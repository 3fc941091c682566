#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Snapshots applied from outside the data source's isolation, waiting for it, in call order.
///
/// `@unchecked Sendable` because the lock guards `entries`, and each snapshot crosses once:
/// the caller hands it over as `sending` (it keeps no access), and only the data source's
/// isolation takes it out.
@usableFromInline
final class _PendingApplies<Snapshot>: @unchecked Sendable {
  struct Entry {
    let ticket: Int
    let snapshot: Snapshot
    let animatingDifferences: Bool
    let completion: (@Sendable () -> Void)?
  }

  private let lock = _Lock()
  private var entries: [Entry] = []
  private var head = 0
  /// The last ticket handed out: every apply takes the next one when it is called.
  private var tickets = 0

  @usableFromInline init() {}

  /// Whether nothing waits; cheap enough for every apply to ask.
  @usableFromInline var isEmpty: Bool {
    lock.lock()
    defer { lock.unlock() }
    return head == entries.count
  }

  /// The last ticket handed out (0 before the first): tests wait on it to know that an apply
  /// called from another task has taken its place in the order.
  var lastTicket: Int {
    lock.lock()
    defer { lock.unlock() }
    return tickets
  }

  /// The next ticket, for an apply made now.
  @usableFromInline func takeTicket() -> Int {
    lock.lock()
    defer { lock.unlock() }
    tickets &+= 1
    return tickets
  }

  /// The next ticket, for an apply made now in the data source's isolation, or `nil` while applies wait (they
  /// go first: run them, then ask again). One lock, as every such apply asks.
  @usableFromInline func ticketIfNoneWaiting() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard head == entries.count else { return nil }
    tickets &+= 1
    return tickets
  }

  /// Queues an apply; returns whether the queue was empty (so the caller schedules a drain).
  func append(
    _ snapshot: sending Snapshot, animatingDifferences: Bool,
    completion: (@Sendable () -> Void)?
  ) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    tickets &+= 1
    let entry = Entry(
      ticket: tickets, snapshot: snapshot, animatingDifferences: animatingDifferences,
      completion: completion)
    let wasEmpty = head == entries.count
    entries.append(entry)
    return wasEmpty
  }

  /// The oldest waiting apply, removed.
  func popFirst() -> Entry? {
    lock.lock()
    defer { lock.unlock() }
    guard head < entries.count else { return nil }
    let entry = entries[head]
    head += 1
    if head == entries.count {
      entries.removeAll(keepingCapacity: true)
      head = 0
    }
    return entry
  }
}

/// A mutex for the two small handoffs here. Foundation's `NSLock` would pull all of
/// Foundation into this target on Linux, and `Synchronization.Mutex` needs macOS 15.
final class _Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() {
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "_Lock.init(): pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
}

/// One waiter for one completion, which may come before the wait starts.
final class _CompletionSignal: @unchecked Sendable {
  private let lock = _Lock()
  private var isFinished = false
  private var continuation: CheckedContinuation<Void, Never>?

  func finish() {
    lock.lock()
    isFinished = true
    let waiting = continuation
    continuation = nil
    lock.unlock()
    waiting?.resume()
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if isFinished {
        lock.unlock()
        continuation.resume()
      } else {
        self.continuation = continuation
        lock.unlock()
      }
    }
  }
}
