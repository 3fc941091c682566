// UIKit lets an app apply from a background queue, as long as it always uses that queue.
// Here the data source lives on the main actor, and these entry points take a snapshot from
// any thread or task and apply it there, in the order they were called: every apply, from
// anywhere, first runs the ones that were waiting.

extension DiffableListDataSource {
  /// Applies `snapshot` from any thread or task: the apply runs on the main actor after
  /// every apply called before it (UIKit: `apply(_:animatingDifferences:completion:)` from a
  /// background queue).
  ///
  /// Calls made from one thread, a serial queue or one task land in the order they were
  /// made, interleaved correctly with main-actor calls: a main-actor apply first runs every
  /// apply waiting here. The snapshot is `sending`: build it where you call this and don't
  /// touch it afterwards, so it may hold identifiers that are not `Sendable`.
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
  ///   - completion: Runs on the main actor once the view has applied the batch.
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

  /// Shows `snapshot`, from any thread or task, and returns once the view has applied it.
  ///
  /// From the main actor it is the awaited form of
  /// ``apply(_:animatingDifferences:completion:)``; from elsewhere it hops to the main actor
  /// in call order, as ``enqueueApply(_:animatingDifferences:completion:)`` does.
  nonisolated public func apply(
    _ snapshot: sending Snapshot, animatingDifferences: Bool = true
  ) async {
    let applied = _CompletionSignal()
    enqueueApply(snapshot, animatingDifferences: animatingDifferences) { applied.finish() }
    await applied.wait()
  }

  /// Runs the waiting applies in order. Applies called while it runs wait their turn.
  @usableFromInline
  func _drainPendingApplies() {
    guard !isDrainingPendingApplies else { return }
    isDrainingPendingApplies = true
    defer { isDrainingPendingApplies = false }
    while let entry = pendingApplies.popFirst() {
      apply(
        entry.snapshot, animatingDifferences: entry.animatingDifferences,
        completion: entry.completion)
    }
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
  /// Applies land in call order, as with ``enqueueApply(_:animatingDifferences:completion:)``.
  /// The diff is computed in the calling task against the snapshot the view shows; if that
  /// changed before the result reaches the main actor (another apply, a user's reorder), the
  /// main actor diffs again, so the view never receives a batch for the wrong state.
  ///
  /// - Complexity: The diff's O(*n* + *m* log *m*) in the calling task when *n* + *m* is at
  ///   least 4,096; on the main actor, O(1) plus the view's work (or the diff again, if the
  ///   shown snapshot changed meanwhile).
  nonisolated public func apply(
    _ snapshot: sending Snapshot, animatingDifferences: Bool = true
  ) async {
    let (base, version) = await _baseForDiff()
    guard base.numberOfItems + snapshot.numberOfItems >= Self.offMainDiffThreshold else {
      let applied = _CompletionSignal()
      enqueueApply(snapshot, animatingDifferences: animatingDifferences) { applied.finish() }
      await applied.wait()
      return
    }
    let update = BatchUpdate(from: base, to: snapshot)
    let applied = _CompletionSignal()
    await _apply(
      snapshot, precomputed: update, against: version,
      animatingDifferences: animatingDifferences
    ) { applied.finish() }
    await applied.wait()
  }

  /// The shown snapshot and its version, after the applies that were waiting.
  func _baseForDiff() -> (Snapshot, Int) {
    _drainPendingApplies()
    return (current, currentVersion)
  }

  /// Applies a diff computed elsewhere if the shown snapshot is still the one it was computed
  /// against; otherwise diffs again.
  func _apply(
    _ snapshot: Snapshot, precomputed update: BatchUpdate, against version: Int,
    animatingDifferences: Bool, completion: @escaping @MainActor @Sendable () -> Void
  ) {
    let method: StaticString = "apply(_:animatingDifferences:)"
    _checkNotApplying(method)
    guard version == currentVersion else {
      apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
      return
    }
    _apply(
      snapshot, update: update, animatingDifferences: animatingDifferences,
      keepingOutlineOf: nil, method: method, completion: completion)
  }
}
