// A data source lives in the isolation that created it: the main actor in UIKit-style code,
// a session's actor on a server. UIKit also lets an app apply from a background queue;
// here that goes through an `Applier`, a `Sendable` handle that takes a snapshot from any
// thread or task and applies it in the data source's isolation, in call order: every
// apply, from anywhere, first runs the ones that were waiting, and each call takes a
// ticket when it is made, so that an apply overtaken by a later one (a large diff still
// running elsewhere) is dropped instead of undoing it.

extension DiffableListDataSource {
  /// A handle that applies snapshots to this data source from any thread or task (UIKit:
  /// `apply(_:animatingDifferences:completion:)` called from a background queue).
  ///
  /// The data source is not `Sendable`: it stays in the isolation that created it. Take
  /// an applier there, naming that actor, and hand the applier elsewhere:
  ///
  ///     let applier = dataSource.applier(on: MainActor.shared)
  ///     DispatchQueue.global().async {
  ///       var snapshot = DiffableDataSourceSnapshot<Section, Item.ID>()
  ///       snapshot.appendSections([.main])
  ///       snapshot.appendItems(loadItemIDs())
  ///       applier.enqueueApply(snapshot)
  ///     }
  ///
  /// The applier holds the data source weakly: applies made after it is gone do nothing
  /// (their completions still run).
  ///
  /// - Parameter owner: The actor the data source lives on. The call is isolated to it, so
  ///   the compiler checks that the data source is there.
  public func applier(on owner: isolated any Actor) -> Applier {
    let pending = pendingApplies
    let target = _ApplyTarget(self) { object in
      if let object {
        unsafeDowncast(object, to: Self.self)._drainPendingApplies()
      } else {
        // Gone: nothing to show, but whoever waits for a completion is told.
        while let entry = pending.popFirst() { entry.completion?() }
      }
    }
    return Applier(pending: pendingApplies, owner: owner, target: target)
  }

  /// Shows `snapshot` and returns once the view has applied it.
  ///
  /// Runs in the caller's isolation, which is the data source's (it is not `Sendable`). It
  /// lands after every apply called before it.
  nonisolated(nonsending)
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async
  {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// Runs the waiting applies in call order. An apply that a completion makes meanwhile
  /// runs the rest first (through `_checkNotApplying`), so order holds however they nest.
  @usableFromInline
  func _drainPendingApplies() {
    while let entry = pendingApplies.popFirst() {
      _land(entry.ticket)
      _apply(
        entry.snapshot, update: BatchUpdate(from: current, to: entry.snapshot),
        animatingDifferences: entry.animatingDifferences, keepingOutlineOf: nil,
        method: "Applier.enqueueApply(_:animatingDifferences:completion:)",
        completion: entry.completion)
    }
  }

  /// Records that the apply holding `ticket` changes what the view shows.
  @usableFromInline
  func _land(_ ticket: Int) {
    lastLandedTicket = Swift.max(lastLandedTicket, ticket)
  }

  /// The shown snapshot and its version, after the applies that were waiting.
  func _baseForDiff() -> (Snapshot, Int) {
    if !isApplying { _drainPendingApplies() }
    return (current, currentVersion)
  }

  /// Lands an apply whose diff may have been computed elsewhere: dropped if a later-called
  /// apply has landed; the diff is used if the shown snapshot is still the one it was
  /// computed against, and computed again otherwise.
  func _apply(
    _ snapshot: Snapshot, precomputed update: BatchUpdate?, against version: Int, ticket: Int,
    animatingDifferences: Bool, completion: @escaping () -> Void
  ) {
    let method: StaticString = "apply(_:animatingDifferences:)"
    _checkNotApplying(method, landing: false)
    guard ticket > lastLandedTicket else {
      completion()
      return
    }
    _land(ticket)
    let update =
      version == currentVersion
      ? (update ?? BatchUpdate(from: current, to: snapshot))
      : BatchUpdate(from: current, to: snapshot)
    _apply(
      snapshot, update: update, animatingDifferences: animatingDifferences,
      keepingOutlineOf: nil, method: method, completion: completion)
  }
}

extension DiffableListDataSource
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
  /// How many items (old plus new) make an `async` apply diff outside the data source's
  /// isolation. Below it, the two hops cost more than the diff.
  nonisolated static var offMainDiffThreshold: Int { 4_096 }

  /// Whether an apply of `snapshot` is worth diffing elsewhere, judged on its size alone
  /// (the shown snapshot is not at hand everywhere).
  static func _mayDiffElsewhere(_ snapshot: Snapshot) -> Bool {
    snapshot.numberOfItems >= offMainDiffThreshold / 2
  }

  /// Shows `snapshot` and returns once the view has applied it; for a large list
  /// (thousands of items), the diff runs in a task of its own, so the data source's actor
  /// serves other work meanwhile.
  ///
  /// The call takes its place in the order of applies when it is made. If the shown
  /// snapshot changed before the diff came back, it is diffed again here, so the view never
  /// receives a batch for the wrong state; if an apply called *later* has landed meanwhile,
  /// this one is dropped (it returns at once), as a serial queue would have run it first.
  ///
  /// - Complexity: The diff's O(*n* + *m* log *m*), elsewhere when the new snapshot has
  ///   2,048 items or more and the two 4,096 or more; here, O(1) plus the view's work (or
  ///   the diff again, if the shown snapshot changed meanwhile).
  nonisolated(nonsending)
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async
  {
    guard Self._mayDiffElsewhere(snapshot) else {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
      }
      return
    }
    let ticket = pendingApplies.takeTicket()
    let (base, version) = _baseForDiff()
    let update: BatchUpdate? =
      base.numberOfItems + snapshot.numberOfItems >= Self.offMainDiffThreshold
      ? await Task.detached(priority: Task.currentPriority) {
        BatchUpdate(from: base, to: snapshot)
      }.value : nil
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _apply(
        snapshot, precomputed: update, against: version, ticket: ticket,
        animatingDifferences: animatingDifferences
      ) { continuation.resume() }
    }
  }
}
