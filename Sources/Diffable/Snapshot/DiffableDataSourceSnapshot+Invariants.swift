import OrderedCollections

extension DiffableDataSourceSnapshot {
  /// Checks the storage's internal consistency. Compiled in only with
  /// `DIFFABLE_INTERNAL_CHECKS` (see Package.swift), because it costs O(*n*) per mutation.
  @inlinable
  @inline(__always)
  internal func _checkInvariants() {
    #if DIFFABLE_INTERNAL_CHECKS
      precondition(
        _sectionEnds.count == _sections.count,
        "Invariant: one end offset per section (\(_sectionEnds.count) vs \(_sections.count))")
      var previous = 0
      for end in _sectionEnds {
        precondition(end >= previous, "Invariant: section ends are not ascending: \(_sectionEnds)")
        previous = end
      }
      precondition(
        previous == _items.count,
        "Invariant: last section ends at \(previous) but there are \(_items.count) items")
      _items._checkInvariants()
      for item in _reloadedItems {
        precondition(_items.contains(item), "Invariant: reload mark on absent item \(item)")
      }
      for item in _reconfiguredItems {
        precondition(_items.contains(item), "Invariant: reconfigure mark on absent item \(item)")
      }
      for section in _reloadedSections {
        precondition(
          _sections.contains(section), "Invariant: reload mark on absent section \(section)")
      }
    #endif
  }

  /// Whether internal checks are compiled in (`DIFFABLE_INTERNAL_CHECKS`).
  public static var _isCheckingInvariants: Bool {
    #if DIFFABLE_INTERNAL_CHECKS
      return true
    #else
      return false
    #endif
  }
}
