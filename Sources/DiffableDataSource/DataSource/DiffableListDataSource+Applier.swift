extension DiffableListDataSource {
  /// Applies snapshots to a data source from any thread or task, in call order; take one
  /// from ``DiffableListDataSource/applier(on:)`` where the data source lives.
  ///
  /// Every apply runs in the data source's isolation (the actor that created it) after every
  /// apply called before it, from anywhere: an apply made there directly first runs the ones
  /// waiting here.
  public struct Applier: Sendable {
    /// The snapshot type the data source applies.
    public typealias Snapshot = DiffableDataSourceSnapshot<
      SectionIdentifierType, ItemIdentifierType
    >

    @usableFromInline let pending: _PendingApplies<Snapshot>
    @usableFromInline let owner: any Actor
    @usableFromInline let target: _ApplyTarget

    /// Queues `snapshot` to be applied in the data source's isolation after every apply
    /// called before it.
    ///
    /// Calls made from one thread, a serial queue or one task land in the order they were
    /// made. The snapshot is `sending`: build it where you call this and don't touch it
    /// afterwards, so it may hold identifiers that are not `Sendable`.
    ///
    /// - Parameters:
    ///   - snapshot: What the view should show.
    ///   - animatingDifferences: Whether the view animates the change.
    ///   - completion: Runs in the data source's isolation once the view has applied the
    ///     batch (or once a later apply has made this one moot).
    /// - Complexity: O(1) here; the diff runs where the data source lives, when the apply does.
    public func enqueueApply(
      _ snapshot: sending Snapshot, animatingDifferences: Bool = true,
      completion: (@Sendable () -> Void)? = nil
    ) {
      if pending.append(
        snapshot, animatingDifferences: animatingDifferences, completion: completion)
      {
        // Detached: the drain serves every caller, so it takes none's task-local values.
        let (owner, target) = (owner, target)
        Task.detached(priority: Task.currentPriority) { await _drain(target, on: owner) }
      }
    }

    /// Shows `snapshot` and returns once the view has applied it (at once if the data
    /// source is gone).
    ///
    /// The snapshot is `sending`, so its identifiers need not be `Sendable`.
    public func apply(_ snapshot: sending Snapshot, animatingDifferences: Bool = true) async {
      let applied = _CompletionSignal()
      enqueueApply(snapshot, animatingDifferences: animatingDifferences) { applied.finish() }
      await applied.wait()
    }

    /// Runs `body` with the data source in its isolation; `nil` if it is gone.
    static func run<Result: Sendable>(
      on owner: isolated any Actor, _ target: _ApplyTarget,
      _ body: (DiffableListDataSource) -> Result
    ) -> Result? {
      // The data source was created in `owner`'s isolation and, not being `Sendable`, never
      // left it: here is the one place it may be used.
      guard let object = target.object else { return nil }
      return body(unsafeDowncast(object, to: DiffableListDataSource.self))
    }
  }
}

extension DiffableListDataSource.Applier
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
  /// Shows `snapshot` and returns once the view has applied it; for a large list
  /// (thousands of items), the diff runs in the calling task, not in the data source's
  /// isolation.
  ///
  /// The call takes its place in the order of applies when it is made. The diff is
  /// computed against the snapshot the view shows; if that changed before the result
  /// lands, it is diffed again there, so the view never receives a batch for the wrong
  /// state; and if an apply called *later* has landed meanwhile, this one is dropped (it
  /// returns at once), as a serial queue would have run it first.
  ///
  /// - Complexity: The diff's O(*n* + *m* log *m*) in the calling task when the new
  ///   snapshot has 2,048 items or more and the two 4,096 or more; in the data source's
  ///   isolation, O(1) plus the view's work (or the diff again, if the shown snapshot
  ///   changed meanwhile).
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    typealias DataSource = DiffableListDataSource<SectionIdentifierType, ItemIdentifierType>
    guard DataSource._mayDiffElsewhere(snapshot) else {
      let applied = _CompletionSignal()
      enqueueApply(snapshot, animatingDifferences: animatingDifferences) { applied.finish() }
      await applied.wait()
      return
    }
    let ticket = pending.takeTicket()
    guard let (base, version) = await Self.run(on: owner, target, { $0._baseForDiff() }) else {
      return
    }
    let update: BatchUpdate? =
      base.numberOfItems + snapshot.numberOfItems >= DataSource.offMainDiffThreshold
      ? BatchUpdate(from: base, to: snapshot) : nil
    let applied = _CompletionSignal()
    let landed: Void? = await Self.run(on: owner, target) {
      $0._apply(
        snapshot, precomputed: update, against: version, ticket: ticket,
        animatingDifferences: animatingDifferences
      ) { applied.finish() }
    }
    if landed != nil { await applied.wait() }
  }
}

/// A data source, held weakly, on its way to the isolation it lives in.
///
/// `@unchecked Sendable` because the object and `drain` are used only isolated to the
/// actor that created the data source (`_drain(_:on:)` and `Applier.run(on:_:_:)`). Not
/// generic, so that a task can carry it without the identifier types' metatypes.
@usableFromInline
final class _ApplyTarget: @unchecked Sendable {
  weak var object: AnyObject?
  /// Runs the object's waiting applies, or, once it is gone (`nil`), their completions.
  let drain: (AnyObject?) -> Void

  init(_ object: AnyObject, drain: @escaping (AnyObject?) -> Void) {
    self.object = object
    self.drain = drain
  }
}

/// Runs the waiting applies of `target`'s data source, in its isolation.
func _drain(_ target: _ApplyTarget, on owner: isolated any Actor) {
  target.drain(target.object)
}
