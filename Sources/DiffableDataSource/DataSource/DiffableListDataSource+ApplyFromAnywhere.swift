// UIKit lets an app apply from a background queue, as long as it always uses that queue.
// Here the data source lives on the main actor, and these entry points take a snapshot from
// any thread or task and apply it there, in the order they were called: every apply, from
// anywhere, first runs the ones that were waiting, and each call takes a ticket when it is
// made, so that an apply overtaken by a later one (a large diff still running off the main
// actor) is dropped instead of undoing it.

extension DiffableListDataSource {
  /// Applies `snapshot` from any thread or task: the apply runs on the main actor after
  /// every apply called before it (UIKit: `apply(_:animatingDifferences:completion:)` from a
  /// background queue).
  ///
  /// Calls made from one thread, a serial queue or one task land in the order they were
  /// made, interleaved correctly with main-actor calls: a main-actor apply (and
  /// ``snapshot()``) first runs every apply waiting here. The snapshot is `sending`: build
  /// it where you call this and don't touch it afterwards, so it may hold identifiers that
  /// are not `Sendable`.
  ///
  ///     DispatchQueue.global().async {
  ///       var snapshot = DiffableDataSourceSnapshot<Section, Item.ID>()
  ///       snapshot.appendSections([.main])
  ///       snapshot.appendItems(loadItemIDs())
  ///       dataSource.enqueueApply(snapshot)
  ///     }
  ///
  /// - Parameters:
  ///   - snapshot: What the view should show.
  ///   - animatingDifferences: Whether the view animates the change.
  ///   - completion: Runs on the main actor once the view has applied the batch (or once a
  ///     later apply has made this one moot).
  /// - Complexity: O(1) here; the diff runs on the main actor when the apply does.
  nonisolated public func enqueueApply(
    _ snapshot: sending Snapshot, animatingDifferences: Bool = true,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    if pendingApplies.append(
      snapshot, animatingDifferences: animatingDifferences, completion: completion)
    {
      // Detached: the drain serves every caller, so it takes none's task-local values.
      Task.detached(priority: Task.currentPriority) { @MainActor in self._drainPendingApplies() }
    }
  }

  /// Shows `snapshot` and returns once the view has applied it.
  ///
  /// Isolated to the main actor, as the data source is; a task elsewhere awaits it with a
  /// snapshot it built (one it no longer touches), so its identifiers need not be
  /// `Sendable`. It lands after every apply called before it.
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
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
        method: "enqueueApply(_:animatingDifferences:completion:)",
        completion: entry.completion)
    }
  }

  /// Records that the apply holding `ticket` changes what the view shows.
  @usableFromInline
  func _land(_ ticket: Int) {
    lastLandedTicket = Swift.max(lastLandedTicket, ticket)
  }
}

extension DiffableListDataSource
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
  /// How many items (old plus new) make the `async` apply diff off the main actor. Below
  /// it, the two hops cost more than the diff.
  nonisolated static var offMainDiffThreshold: Int { 4_096 }

  /// Shows `snapshot`, from any thread or task, and returns once the view has applied it;
  /// for a large list (thousands of items), the diff runs off the main actor.
  ///
  /// The call takes its place in the order of applies when it is made. The diff is computed
  /// in the calling task against the snapshot the view shows; if that changed before the
  /// result reaches the main actor, the main actor diffs again, so the view never receives a
  /// batch for the wrong state; and if an apply called *later* has landed meanwhile, this
  /// one is dropped (it returns at once), as a serial queue would have run it first.
  ///
  /// - Complexity: The diff's O(*n* + *m* log *m*) in the calling task when the new
  ///   snapshot has 2,048 items or more and the two 4,096 or more; on the main actor, O(1) plus the view's work (or the diff again, if the
  ///   shown snapshot changed meanwhile).
  nonisolated public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    let applied = _CompletionSignal()
    // A small list is diffed on the main actor, queued like any apply from elsewhere.
    guard snapshot.numberOfItems >= Self.offMainDiffThreshold / 2 else {
      enqueueApply(snapshot, animatingDifferences: animatingDifferences) { applied.finish() }
      await applied.wait()
      return
    }
    let ticket = pendingApplies.takeTicket()
    let (base, version) = await _baseForDiff()
    let update: BatchUpdate? =
      base.numberOfItems + snapshot.numberOfItems >= Self.offMainDiffThreshold
      ? BatchUpdate(from: base, to: snapshot) : nil
    await _apply(
      snapshot, precomputed: update, against: version, ticket: ticket,
      animatingDifferences: animatingDifferences
    ) { applied.finish() }
    await applied.wait()
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
    animatingDifferences: Bool, completion: @escaping @MainActor @Sendable () -> Void
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
