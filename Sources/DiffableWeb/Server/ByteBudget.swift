import Synchronization

/// The bytes that many holders of one kind keep together, against one limit: a server's
/// ``SessionOutbox``es, or its list views' logs of batches kept for pages that may resume.
///
/// Each holder has a limit of its own, but a server has many: 10,000 connections that stop
/// reading, each outbox at the default 16 MiB, would be 160 GiB. While the total is past
/// ``limit``, a holder keeping more than its ``share`` must give some back: an outbox
/// reports ``SessionOutbox/PushResult/overLimit`` as if it were past its own limit, so its
/// session coalesces or disconnects a page that does not read; a log drops its oldest
/// batches, so a page that resumes is sent what it lacks in one batch or a structure
/// instead of the batches it missed. Holders that keep little are left alone.
///
/// The share divides the limit by the most holders expected (a server's connections), not
/// only by those open: holders that filled while few were open would otherwise keep a
/// large share that later ones are refused, and the total could grow to several times the
/// limit. A holder is checked when it grows, so the total stays under about the limit plus
/// one share and one message per holder.
public final class ByteBudget: Sendable {
  /// The most bytes the holders keep together before those over their share give some back.
  public let limit: Int
  /// The most holders expected at once.
  public let expectedHolders: Int
  private let bytes = Atomic(0)
  private let holders = Atomic(0)

  /// Creates a budget of `limit` bytes (at least 1) for up to about `expectedHolders`
  /// holders at once (at least 1).
  public init(limit: Int, expectedHolders: Int) {
    self.limit = max(1, limit)
    self.expectedHolders = max(1, expectedHolders)
  }

  /// The bytes all holders keep now.
  public var heldBytes: Int { bytes.load(ordering: .relaxed) }

  /// How many holders count here.
  public var holderCount: Int { holders.load(ordering: .relaxed) }

  /// What one holder may keep while the total is past the limit: the limit divided by the
  /// holders expected, or by those open when they are more.
  public var share: Int { limit / max(expectedHolders, holderCount) }

  /// Counts `count` more bytes; returns the new total.
  func add(_ count: Int) -> Int {
    bytes.add(count, ordering: .relaxed).newValue
  }

  func remove(_ count: Int) {
    guard count != 0 else { return }
    bytes.subtract(count, ordering: .relaxed)
  }

  /// Whether a holder keeping `held` bytes must give some back, the total being `total`.
  func isOverdrawn(total: Int, holding held: Int) -> Bool {
    total > limit && held > share
  }

  func opened() { holders.add(1, ordering: .relaxed) }

  func closed() { holders.subtract(1, ordering: .relaxed) }
}

/// One holder's part of a ``ByteBudget``: what it keeps, given back when the claim is freed.
///
/// Not synchronized, and not `Sendable`: its holder uses it from one place at a time (a
/// view's log and a session's held messages on the session's actor; an outbox and a
/// connection's ``InboundMeter`` under their locks, whose state says so).
final class ByteBudgetClaim {
  let budget: ByteBudget
  private(set) var bytes = 0

  init(_ budget: ByteBudget) {
    self.budget = budget
    budget.opened()
  }

  deinit {
    budget.remove(bytes)
    budget.closed()
  }

  /// Now keeps `new` bytes; returns whether that is more than the holder may keep.
  func keep(_ new: Int) -> Bool {
    let total = budget.add(new - bytes)
    bytes = new
    return budget.isOverdrawn(total: total, holding: new)
  }
}
