#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DiffableListDataSource {
  /// The snapshot the view shows now, after any apply called earlier from another thread
  /// (through an ``Applier``). It carries no marks.
  ///
  /// - Complexity: O(1) when no apply waits.
  public func snapshot() -> Snapshot {
    // Applies called earlier from another thread land first, as a serial queue would have
    // run them before this call (never from inside a batch).
    if !isApplying && !pendingApplies.isEmpty { _drainPendingApplies() }
    return current
  }

  /// Shows `snapshot`: diffs it against what the view shows and applies the difference in
  /// one batch, honouring its reload and reconfigure marks.
  ///
  /// It always diffs (Apple's meaning since iOS 15); `animatingDifferences: false` only
  /// turns the animation off. Applies run in call order. `completion` runs once the view
  /// has applied the batch.
  ///
  /// - Precondition: Not called while another apply is in progress (from a cell provider,
  ///   say); Apple reports that as a deadlock. Calling it from `completion` is fine.
  /// - Complexity: The diff's O(*n* + *m* log *m*), plus the view's work. The diff is
  ///   computed in the caller's module (this method is inlinable), where the compiler
  ///   specializes it for the identifier types; compiled here, generic over them, it took
  ///   about 1.5× as long.
  @inlinable
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    let method: StaticString = "apply(_:animatingDifferences:completion:)"
    _checkNotApplying(method)
    _apply(
      snapshot, update: BatchUpdate(from: current, to: snapshot),
      animatingDifferences: animatingDifferences, keepingOutlineOf: nil, method: method,
      completion: completion)
  }

  /// Shows `snapshot` without diffing: the view discards what it shows and reloads.
  ///
  /// - Precondition: Not called while another apply is in progress.
  /// - Complexity: O(1) here, plus the view's reload.
  public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (() -> Void)? = nil
  ) {
    _checkNotApplying("applySnapshotUsingReloadData(_:completion:)")
    current = snapshot.withoutMarks
    sectionSnapshots = [:]
    isApplying = true
    listView?.reloadData()
    isApplying = false
    completion?()
  }

  /// Shows `snapshot` without diffing, and waits until the view has reloaded.
  nonisolated(nonsending) public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    applySnapshotUsingReloadData(snapshot, completion: nil)
  }

  /// The shared apply: diff, switch state, drive the view. The caller has checked
  /// (`_checkNotApplying`), which runs the waiting applies first.
  func _apply(
    _ snapshot: Snapshot, animatingDifferences: Bool,
    keepingOutlineOf outlineSection: SectionIdentifierType?,
    method: StaticString, completion: (() -> Void)?
  ) {
    _apply(
      snapshot, update: BatchUpdate(from: current, to: snapshot),
      animatingDifferences: animatingDifferences, keepingOutlineOf: outlineSection,
      method: method, completion: completion)
  }

  /// The shared apply once the diff is known: switch state, drive the view.
  @usableFromInline
  func _apply(
    _ snapshot: Snapshot, update: BatchUpdate, animatingDifferences: Bool,
    keepingOutlineOf outlineSection: SectionIdentifierType?,
    method: StaticString, completion: (() -> Void)?
  ) {
    current = snapshot.withoutMarks
    _dropStaleOutlines(except: outlineSection)
    guard !update.isEmpty, let listView else {
      completion?()
      return
    }
    isApplying = true
    listView.performBatchUpdates(update, animated: _animates(animatingDifferences)) { [weak self] in
      guard let self, self.isApplying else {
        completion?()
        return
      }
      // The view finished synchronously: run the completion once the apply has returned,
      // so that applying again from it is not taken for re-entrancy.
      if let completion { self.deferredCompletions.append(completion) }
    }
    isApplying = false
    let completions = deferredCompletions
    deferredCompletions = []
    for completion in completions { completion() }
  }

  @usableFromInline
  func _checkNotApplying(_ method: StaticString, landing: Bool = true) {
    precondition(
      !isApplying,
      "\(method): called while the data source is applying another snapshot (from a cell "
        + "provider or a handler run during the update). Apple's data source reports this "
        + "as a deadlock; apply after the current update, from its completion.")
    // Applies called earlier from another thread go first, to keep call order; this one
    // then holds the newest ticket (taken even when not landing: tickets only order).
    var ticket = pendingApplies.ticketIfNoneWaiting()
    while ticket == nil {
      _drainPendingApplies()
      ticket = pendingApplies.ticketIfNoneWaiting()
    }
    if landing, let ticket { _land(ticket) }
  }

  /// A full snapshot replaces the outlines of the sections whose rows it changes; an
  /// outline whose visible rows still match its section is kept.
  func _dropStaleOutlines(except kept: SectionIdentifierType?) {
    guard showsOutlines else { return }
    for (section, outline) in sectionSnapshots where section != kept {
      if current.indexOfSection(section) == nil
        || current.itemIdentifiers(inSection: section) != outline.visibleItems
      {
        sectionSnapshots[section] = nil
      }
    }
  }
}
