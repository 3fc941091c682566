import OrderedCollections

extension DiffableDataSourceSectionSnapshot {
  /// Expands items, so that their children are visible whenever they are.
  ///
  /// Expansion needs no children: an expanded leaf shows the children appended to it
  /// later. Expanding an item whose ancestor is collapsed records the state; its subtree
  /// appears when the ancestor is expanded. Expanding an expanded item does nothing.
  ///
  /// Items that are not in the section snapshot are tolerated, as Apple does: they are
  /// reported through ``DiffableDiagnostics`` and ignored.
  ///
  /// - Complexity: For each item, O(1) expected (one hash) when it is hidden or already
  ///   expanded; otherwise O(*s* + log *v*) for the *s* items it shows (collapsed
  ///   subtrees inside are skipped in one step) and *v* visible items, plus one block move
  ///   of the cached visible items after it (no hashing or comparison).
  @inlinable
  public mutating func expand(_ items: [ItemIdentifierType]) {
    var unknown = [ItemIdentifierType]()
    for item in items {
      if let position = _items.firstIndex(of: item) {
        _expand(at: position)
      } else {
        unknown.append(item)
      }
    }
    if !unknown.isEmpty { _warnUnknown(unknown, "expand(_:)") }
    _checkInvariants()
  }

  /// Collapses items, hiding their descendants. The descendants keep their own expansion
  /// state for when the item is expanded again. Collapsing a collapsed item does nothing.
  ///
  /// Items that are not in the section snapshot are tolerated, as Apple does: they are
  /// reported through ``DiffableDiagnostics`` and ignored.
  ///
  /// - Complexity: For each item, O(1) expected (one hash) when it is hidden or already
  ///   collapsed; otherwise O(*h* + log *v*) for the *h* items it hides and *v* visible
  ///   items, plus one block move of the cached visible items after them (no hashing or
  ///   comparison).
  @inlinable
  public mutating func collapse(_ items: [ItemIdentifierType]) {
    var unknown = [ItemIdentifierType]()
    for item in items {
      if let position = _items.firstIndex(of: item) {
        _collapse(at: position)
      } else {
        unknown.append(item)
      }
    }
    if !unknown.isEmpty { _warnUnknown(unknown, "collapse(_:)") }
    _checkInvariants()
  }

  /// Whether an item is expanded. Returns `false` for an item that is not in the section
  /// snapshot.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    guard let position = _items.firstIndex(of: item) else { return false }
    return _flags[position] & _SectionSnapshotFlag.expanded != 0
  }
}

// MARK: - Implementation

extension DiffableDataSourceSectionSnapshot {
  @inlinable
  internal mutating func _expand(at position: Int) {
    let flag = _flags[position]
    guard flag & _SectionSnapshotFlag.expanded == 0 else { return }
    _flags[position] = flag | _SectionSnapshotFlag.expanded
    let end = _subtreeEnd(position)
    guard flag & _SectionSnapshotFlag.visible != 0, end > position &+ 1 else { return }
    // Walk the subtree in pre-order, jumping over the subtrees of collapsed items: what is
    // visited is exactly what appears.
    var shownItems = [ItemIdentifierType]()
    var shownPositions = [Int32]()
    var next = position &+ 1
    while next < end {
      let shown = _flags[next] | _SectionSnapshotFlag.visible
      _flags[next] = shown
      shownItems.append(_items[next])
      shownPositions.append(Int32(truncatingIfNeeded: next))
      next =
        shown & _SectionSnapshotFlag.expanded != 0 ? next &+ 1 : _subtreeEnd(next)
    }
    let visibleIndex = Self._lowerBound(
      _visiblePositions, Int32(truncatingIfNeeded: position))
    _visibleItems.insert(contentsOf: shownItems, at: visibleIndex &+ 1)
    _visiblePositions.insert(contentsOf: shownPositions, at: visibleIndex &+ 1)
  }

  @inlinable
  internal mutating func _collapse(at position: Int) {
    let flag = _flags[position]
    guard flag & _SectionSnapshotFlag.expanded != 0 else { return }
    _flags[position] = flag & ~_SectionSnapshotFlag.expanded
    guard flag & _SectionSnapshotFlag.visible != 0 else { return }
    // The visible descendants follow the item in the cache, up to the end of its subtree.
    let firstHidden =
      Self._lowerBound(_visiblePositions, Int32(truncatingIfNeeded: position)) &+ 1
    let firstKept = Self._lowerBound(
      _visiblePositions, Int32(truncatingIfNeeded: _subtreeEnd(position)), from: firstHidden)
    guard firstHidden < firstKept else { return }
    for index in firstHidden..<firstKept {
      _flags[Int(_visiblePositions[index])] &= ~_SectionSnapshotFlag.visible
    }
    _visibleItems.removeSubrange(firstHidden..<firstKept)
    _visiblePositions.removeSubrange(firstHidden..<firstKept)
  }

  @inlinable
  internal func _warnUnknown(_ unknown: [ItemIdentifierType], _ method: StaticString) {
    DiffableDiagnostics.warn(
      "\(method): item identifiers \(unknown) do not exist in the section snapshot; they are "
        + "ignored")
  }
}
