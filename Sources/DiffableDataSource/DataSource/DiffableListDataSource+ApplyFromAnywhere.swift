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
      Task { @MainActor in self._drainPendingApplies() }
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
