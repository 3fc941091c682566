import OrderedCollections

extension DiffableDataSourceSectionSnapshot {
  /// Checks the storage's internal consistency: every derived array is recomputed from the
  /// items, levels and expansion bits and compared. Compiled in only with
  /// `DIFFABLE_INTERNAL_CHECKS` (see Package.swift), because it costs O(*n*) per mutation.
  @inlinable
  @inline(__always)
  internal func _checkInvariants() {
    #if DIFFABLE_INTERNAL_CHECKS
      let count = _items.count
      precondition(
        _levels.count == count && _parents.count == count && _descendantCounts.count == count
          && _flags.count == count,
        "Invariant: parallel arrays of \(_levels.count), \(_parents.count), "
          + "\(_descendantCounts.count), \(_flags.count) entries for \(count) items")
      var previous: Int32 = -1
      for (position, level) in _levels.enumerated() {
        precondition(
          level >= 0 && level <= previous &+ 1,
          "Invariant: level \(level) at position \(position) follows level \(previous)")
        previous = level
      }
      for flag in _flags {
        precondition(
          flag & ~_SectionSnapshotFlag.visibleAndExpanded == 0, "Invariant: flag \(flag)")
      }
      let derived = Self._derive(levels: _levels, flags: _flags)
      precondition(
        derived.parents == _parents, "Invariant: parents \(_parents) != \(derived.parents)")
      precondition(
        derived.descendantCounts == _descendantCounts,
        "Invariant: descendant counts \(_descendantCounts) != \(derived.descendantCounts)")
      precondition(derived.flags == _flags, "Invariant: flags \(_flags) != \(derived.flags)")
      precondition(
        derived.visiblePositions == _visiblePositions,
        "Invariant: visible positions \(_visiblePositions) != \(derived.visiblePositions)")
      precondition(
        _visibleItems == _visiblePositions.map { _items[Int($0)] },
        "Invariant: the visible-items cache does not match the visible positions")
    #endif
  }
}
