import OrderedCollections

// The primitives every mutation is built from: insert a forest at a position, remove whole
// subtrees, and rebuild the derived arrays from scratch. Each keeps all the parallel arrays
// and the visible-items cache consistent.

extension DiffableDataSourceSectionSnapshot {
  /// The position one past the last descendant of the item at `position`.
  @inlinable
  @inline(__always)
  internal func _subtreeEnd(_ position: Int) -> Int {
    position &+ 1 &+ Int(_descendantCounts[position])
  }

  /// Whether the children of the item at `position` (or of the root, for -1) are visible.
  @inlinable
  @inline(__always)
  internal func _showsChildren(_ position: Int) -> Bool {
    position < 0
      || _flags[position] & _SectionSnapshotFlag.visibleAndExpanded
        == _SectionSnapshotFlag.visibleAndExpanded
  }

  /// The index of the first element of an ascending array that is not less than `value`.
  @inlinable
  internal static func _lowerBound(
    _ array: [Int32], _ value: Int32, from start: Int = 0
  ) -> Int {
    var low = start
    var high = array.count
    while low < high {
      let middle = low &+ (high &- low) / 2
      if array[middle] < value {
        low = middle &+ 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The position of an item that must exist; stops with a message naming `method` if not.
  @inlinable
  internal func _requirePosition(
    of identifier: ItemIdentifierType, _ method: StaticString, role: StaticString = "item"
  ) -> Int {
    guard let position = _items.firstIndex(of: identifier) else {
      preconditionFailure(
        "\(method): \(role) identifier \(identifier) does not exist in the section snapshot")
    }
    return position
  }

  /// Inserts a forest at `position`, under the item at `parent` (-1 for the root level).
  ///
  /// The forest is `source` when given (its structure and expansion state are kept, levels
  /// re-based), otherwise `identifiers` as collapsed leaves. `anchor` is the parent or
  /// destination item the caller named, for a precise message when it is among the new
  /// items.
  ///
  /// Cost: O(*k*) expected hashes for *k* new items, plus O(*t*) for the *t* positions
  /// after `position` (the item index repoints their entries, by rehashing them or,
  /// when there are many, in one pass over its table; the parallel arrays shift), plus
  /// O(*depth*) for the ancestors' descendant counts. Nothing after `position` when
  /// inserting at the end, as depth-first building does.
  @inlinable
  internal mutating func _insertForest(
    _ identifiers: [ItemIdentifierType],
    from source: Self?,
    at position: Int,
    parent: Int,
    _ method: StaticString,
    anchor: (role: StaticString, identifier: ItemIdentifierType)?
  ) {
    let count = identifiers.count
    guard count > 0 else { return }
    let countBefore = _items.count
    precondition(
      countBefore <= Int(Int32.max) &- count,
      "\(method): a section snapshot holds at most \(Int32.max) items")
    // One hash per new item: appending both checks uniqueness and indexes the item.
    for identifier in identifiers where !_items.append(identifier).inserted {
      _failInsertion(identifiers, countBefore: countBefore, method, anchor: anchor)
    }
    if position != countBefore {
      // Slide the new block from the end to its place; the hash table is repointed, not
      // rebuilt.
      _items.moveSubrange(countBefore..<_items.count, to: position)
    }

    let added = Int32(truncatingIfNeeded: count)
    let start = Int32(truncatingIfNeeded: position)
    let level = parent < 0 ? 0 : _levels[parent] &+ 1
    let rootFlags = _showsChildren(parent) ? _SectionSnapshotFlag.visible : 0

    // Items after the insertion point move by `added`, and so do their parents when those
    // come after it too.
    if position < countBefore {
      _parents.withUnsafeMutableBufferPointer { parents in
        for index in position..<parents.count where parents[index] >= start {
          parents[index] &+= added
        }
      }
    }
    let visibleIndex = Self._lowerBound(_visiblePositions, start)
    if visibleIndex < _visiblePositions.count {
      _visiblePositions.withUnsafeMutableBufferPointer { positions in
        for index in visibleIndex..<positions.count { positions[index] &+= added }
      }
    }

    if let source {
      _levels.insert(contentsOf: source._levels.lazy.map { $0 &+ level }, at: position)
      _descendantCounts.insert(contentsOf: source._descendantCounts, at: position)
      let parentPosition = Int32(truncatingIfNeeded: parent)
      _parents.insert(
        contentsOf: source._parents.lazy.map { $0 < 0 ? parentPosition : $0 &+ start },
        at: position)
      // Visibility inside the forest follows its own expansion state, under its new parent.
      var flags = [UInt8]()
      flags.reserveCapacity(count)
      var shownItems = [ItemIdentifierType]()
      var shownPositions = [Int32]()
      for offset in 0..<count {
        var flag = source._flags[offset] & _SectionSnapshotFlag.expanded
        let sourceParent = Int(source._parents[offset])
        let visible =
          sourceParent < 0
          ? rootFlags != 0
          : flags[sourceParent] & _SectionSnapshotFlag.visibleAndExpanded
            == _SectionSnapshotFlag.visibleAndExpanded
        if visible {
          flag |= _SectionSnapshotFlag.visible
          shownItems.append(identifiers[offset])
          shownPositions.append(start &+ Int32(truncatingIfNeeded: offset))
        }
        flags.append(flag)
      }
      _flags.insert(contentsOf: flags, at: position)
      _visibleItems.insert(contentsOf: shownItems, at: visibleIndex)
      _visiblePositions.insert(contentsOf: shownPositions, at: visibleIndex)
    } else {
      _levels.insert(contentsOf: repeatElement(level, count: count), at: position)
      _descendantCounts.insert(contentsOf: repeatElement(0, count: count), at: position)
      _parents.insert(
        contentsOf: repeatElement(Int32(truncatingIfNeeded: parent), count: count), at: position)
      _flags.insert(contentsOf: repeatElement(rootFlags, count: count), at: position)
      if rootFlags != 0 {
        _visibleItems.insert(contentsOf: identifiers, at: visibleIndex)
        _visiblePositions.insert(contentsOf: start..<start &+ added, at: visibleIndex)
      }
    }

    var ancestor = parent
    while ancestor >= 0 {
      _descendantCounts[ancestor] &+= added
      ancestor = Int(_parents[ancestor])
    }
  }

  /// Explains why `_insertForest` found an identifier already present, then stops.
  @inlinable
  internal func _failInsertion(
    _ identifiers: [ItemIdentifierType],
    countBefore: Int,
    _ method: StaticString,
    anchor: (role: StaticString, identifier: ItemIdentifierType)?
  ) -> Never {
    if let anchor, identifiers.contains(anchor.identifier) {
      preconditionFailure(
        "\(method): \(anchor.role) identifier \(anchor.identifier) is among the items being "
          + "inserted; an item cannot be placed under or beside itself")
    }
    let duplicates = _repeatedElements(in: identifiers)
    precondition(
      duplicates.isEmpty, "\(method): duplicate item identifiers in the arguments: \(duplicates)")
    // The new items were appended at the end before the clash was found, so the ones that
    // were already there sit before `countBefore`.
    let existing = identifiers.filter { (_items.firstIndex(of: $0) ?? countBefore) < countBefore }
    preconditionFailure(
      "\(method): item identifiers \(existing) already exist in the section snapshot")
  }

  /// Removes whole subtrees occupying `range`: every descendant of an item in it is in it
  /// too, and the items in it share the parent of its first item.
  ///
  /// Cost: O(*n*) for the item index, which is rebuilt from its stored hash bits without
  /// hashing any item, plus O(*k* + *t*) for *k* removed items and *t* positions after them
  /// in the parallel arrays, plus O(*depth*) for the ancestors' descendant counts.
  @inlinable
  internal mutating func _removeSubtrees(_ range: Range<Int>) {
    let count = range.count
    guard count > 0 else { return }
    let removed = Int32(truncatingIfNeeded: count)
    var ancestor = Int(_parents[range.lowerBound])
    while ancestor >= 0 {
      _descendantCounts[ancestor] &-= removed
      ancestor = Int(_parents[ancestor])
    }
    let lower = Int32(truncatingIfNeeded: range.lowerBound)
    let upper = Int32(truncatingIfNeeded: range.upperBound)
    let firstHidden = Self._lowerBound(_visiblePositions, lower)
    let firstKept = Self._lowerBound(_visiblePositions, upper, from: firstHidden)
    _visibleItems.removeSubrange(firstHidden..<firstKept)
    _visiblePositions.removeSubrange(firstHidden..<firstKept)
    if firstHidden < _visiblePositions.count {
      _visiblePositions.withUnsafeMutableBufferPointer { positions in
        for index in firstHidden..<positions.count { positions[index] &-= removed }
      }
    }
    _items.removeSubrange(range)
    _levels.removeSubrange(range)
    _descendantCounts.removeSubrange(range)
    _flags.removeSubrange(range)
    _parents.removeSubrange(range)
    if range.lowerBound < _parents.count {
      // No remaining item had its parent inside the range (it held whole subtrees).
      _parents.withUnsafeMutableBufferPointer { parents in
        for index in range.lowerBound..<parents.count where parents[index] >= upper {
          parents[index] &-= removed
        }
      }
    }
  }

  /// Recomputes the parents, descendant counts, visibility bits and the visible-items cache
  /// from the items, levels and expansion bits, in one pass.
  ///
  /// - Precondition: The levels form an outline (the first is 0, each at most one more
  ///   than the one before); callers validate untrusted levels first.
  @inlinable
  internal mutating func _rebuildDerivedState() {
    let derived = Self._derive(levels: _levels, flags: _flags)
    _parents = derived.parents
    _descendantCounts = derived.descendantCounts
    _flags = derived.flags
    _visiblePositions = derived.visiblePositions
    _visibleItems = derived.visiblePositions.map { _items[Int($0)] }
  }

  /// The derived arrays for an outline given by its levels and expansion bits (the visibility
  /// bits of `flags` are ignored and recomputed).
  @inlinable
  internal static func _derive(levels: [Int32], flags inputFlags: [UInt8]) -> (
    parents: [Int32], descendantCounts: [Int32], flags: [UInt8], visiblePositions: [Int32]
  ) {
    let count = levels.count
    var parents = [Int32](repeating: -1, count: count)
    var descendantCounts = [Int32](repeating: 0, count: count)
    var flags = [UInt8](repeating: 0, count: count)
    var visiblePositions = [Int32]()
    // The open ancestors of the current position; its depth is the current level.
    var path = [Int32]()
    for position in 0..<count {
      let level = Int(levels[position])
      while path.count > level {
        let closed = Int(path.removeLast())
        descendantCounts[closed] = Int32(truncatingIfNeeded: position &- closed &- 1)
      }
      var flag = inputFlags[position] & _SectionSnapshotFlag.expanded
      if let parent = path.last {
        parents[position] = parent
        if flags[Int(parent)] & _SectionSnapshotFlag.visibleAndExpanded
          == _SectionSnapshotFlag.visibleAndExpanded
        {
          flag |= _SectionSnapshotFlag.visible
        }
      } else {
        flag |= _SectionSnapshotFlag.visible
      }
      if flag & _SectionSnapshotFlag.visible != 0 {
        visiblePositions.append(Int32(truncatingIfNeeded: position))
      }
      flags[position] = flag
      path.append(Int32(truncatingIfNeeded: position))
    }
    for closed in path {
      descendantCounts[Int(closed)] = Int32(truncatingIfNeeded: count &- Int(closed) &- 1)
    }
    return (parents, descendantCounts, flags, visiblePositions)
  }
}
