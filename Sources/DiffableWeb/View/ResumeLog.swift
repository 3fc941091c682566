import DequeModule

/// The batches a view sent that its page may not have applied: what a page that
/// reconnects is sent again.
///
/// The log covers every message after ``floor`` up to the view's `seq`, without gaps. An
/// acknowledgement drops what the page has; past its limits the oldest messages go, and a
/// page older than the floor cannot be replayed. A log may share a ``ByteBudget`` with the
/// server's other logs: while they are past it, a log over its share drops its oldest too.
///
/// A structure is never kept: it starts the log again after itself. A page that lacks it
/// is sent the view's structure as it is then (`restart`), which replaces the old one and
/// the batches after it, and the page never acknowledges structures, so keeping the text
/// would hold the whole list's message for every idle page (about 1 KB of each idle Recipes
/// session).
struct ResumeLog {
  struct Entry {
    var seq: Int
    var text: String
  }

  /// The most messages kept.
  static let maximumEntries = 256

  private(set) var entries: Deque<Entry> = []
  private(set) var bytes = 0
  /// The seq of the last message before the first entry.
  private(set) var floor = 0
  /// The most bytes of message text kept.
  let maximumBytes: Int
  /// This log's part of the server's budget for logs; a copy of the log shares it, so only
  /// one copy may be kept (the view's).
  private let claim: ByteBudgetClaim?

  init(maximumBytes: Int, budget: ByteBudget? = nil) {
    self.maximumBytes = maximumBytes
    claim = budget.map(ByteBudgetClaim.init)
  }

  /// Appends a batch just sent.
  ///
  /// - Complexity: O(1) amortized.
  mutating func record(seq: Int, text: String) {
    if let last = entries.last?.seq, last != seq - 1 {
      // Not the next message (the view's seq moved while nothing was recorded): what came
      // between is unknown, so the log starts again here.
      restart(at: seq - 1)
    }
    entries.append(Entry(seq: seq, text: text))
    bytes += text.utf8.count
    var isOverShare = claim?.keep(bytes) ?? false
    while entries.count > Self.maximumEntries || bytes > maximumBytes || isOverShare,
      let first = entries.popFirst()
    {
      bytes -= first.text.utf8.count
      floor = first.seq
      isOverShare = claim?.keep(bytes) ?? false
    }
  }

  /// The page applied every message up to `seq`.
  ///
  /// - Complexity: O(*k*) for the *k* messages dropped.
  mutating func acknowledge(through seq: Int) {
    while let first = entries.first, first.seq <= seq {
      entries.removeFirst()
      bytes -= first.text.utf8.count
    }
    _ = claim?.keep(bytes)
    floor = max(floor, seq)
  }

  /// Forgets every message: the next one follows `seq`.
  mutating func restart(at seq: Int) {
    entries.removeAll()
    bytes = 0
    _ = claim?.keep(0)
    floor = seq
  }

  /// The seq of the first message a page that applied `seen` needs to reach `current`
  /// (`current + 1` when it needs none), or `nil` when the log no longer has them all.
  /// Entries are contiguous, so the answer needs no walk.
  func replayStart(after seen: Int, current: Int) -> Int? {
    guard seen <= current else { return nil }
    if seen == current { return current + 1 }
    guard entries.last?.seq == current, seen >= floor else { return nil }
    return seen + 1
  }

  /// The messages a page that applied `seen` lacks to reach `current`, or `nil` when the
  /// log no longer has them all.
  func messages(after seen: Int, current: Int) -> [String]? {
    guard let start = replayStart(after: seen, current: current) else { return nil }
    return Array(entries.lazy.filter { $0.seq >= start }.map(\.text))
  }
}
