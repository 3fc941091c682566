import OrderedCollections

extension DiffableDataSourceSnapshot {
  /// Adds items at the end of a section.
  ///
  /// An item that already exists elsewhere in the snapshot is moved into place and a warning
  /// is reported through ``DiffableDiagnostics``, as Apple's snapshot does.
  ///
  /// - Parameters:
  ///   - identifiers: The items to add, in order.
  ///   - sectionIdentifier: The section to add them to; `nil` means the last section.
  /// - Precondition: The snapshot has at least one section, `sectionIdentifier` (when given)
  ///   is one of them, and `identifiers` holds no duplicates.
  /// - Complexity: O(*k*) expected for *k* new items when the section is the last one that
  ///   holds items (how snapshots are usually built); otherwise O(*k* + *m*), where *m* is
  ///   the number of items in the sections after it. O(*n*) when an item already exists.
  ///   Naming the section adds O(log *s*) for *s* sections, and one hash unless it is the
  ///   last section that holds items or the one after it.
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType],
    toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    let section: Int
    if let sectionIdentifier {
      section =
        _sectionBeingFilled(sectionIdentifier)
        ?? _requireSection(sectionIdentifier, "appendItems(_:toSection:)")
    } else {
      precondition(
        !_sections.isEmpty,
        "appendItems(_:toSection:): there are no sections in the snapshot; append a section first"
      )
      section = _sections.count &- 1
    }
    _insertItems(identifiers, at: .endOfSection(section), "appendItems(_:toSection:)")
  }

  /// Inserts items just before an existing item, in that item's section.
  ///
  /// An item that already exists elsewhere is moved into place with a warning, as in
  /// ``appendItems(_:toSection:)``.
  ///
  /// - Precondition: `beforeIdentifier` is in the snapshot and not in `identifiers`, and
  ///   `identifiers` holds no duplicates.
  /// - Complexity: O(*k* + *d*) expected, where *d* is the number of items after the
  ///   insertion point; O(*n*) when an item already exists.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    _insertItems(identifiers, at: .before(beforeIdentifier), "insertItems(_:beforeItem:)")
  }

  /// Inserts items just after an existing item, in that item's section.
  ///
  /// - Precondition: `afterIdentifier` is in the snapshot and not in `identifiers`, and
  ///   `identifiers` holds no duplicates.
  /// - Complexity: O(*k* + *d*) expected, where *d* is the number of items after the
  ///   insertion point; O(*n*) when an item already exists.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
  ) {
    _insertItems(identifiers, at: .after(afterIdentifier), "insertItems(_:afterItem:)")
  }

  /// Deletes items. Identifiers that are not in the snapshot are ignored, as Apple does.
  ///
  /// Reload and reconfigure marks on the deleted items are dropped.
  ///
  /// - Complexity: O(*n*) expected: one hash per identifier, then one pass over the storage
  ///   that hashes nothing.
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    var offsets: [Int] = []
    offsets.reserveCapacity(identifiers.count)
    for identifier in identifiers {
      if let index = _items.firstIndex(of: identifier) { offsets.append(index) }
    }
    guard !offsets.isEmpty else { return }
    _removeItems(atOffsets: offsets)  // deleting the same item twice is harmless
    if !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty {
      for identifier in identifiers {
        _reloadedItems.remove(identifier)
        _reconfiguredItems.remove(identifier)
      }
    }
    _checkInvariants()
  }

  /// Deletes every item **and every section**, and every mark, as Apple's snapshot does.
  ///
  /// - Complexity: O(*n*) to release the storage.
  @inlinable
  public mutating func deleteAllItems() {
    self = Self()
  }

  /// Moves an item just before another item, possibly into another section.
  ///
  /// - Precondition: Both items exist and differ.
  /// - Complexity: O(*d* + *s*) expected, where *d* is the distance moved and *s* the number
  ///   of sections: the *d* items passed are hashed to re-index them, unless *d* exceeds a
  ///   32nd of the items, when one O(*n*) pass re-indexes them without hashing.
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
  ) {
    _moveItem(identifier, relativeTo: toIdentifier, after: false, "moveItem(_:beforeItem:)")
  }

  /// Moves an item just after another item, possibly into another section.
  ///
  /// - Precondition: Both items exist and differ.
  /// - Complexity: O(*d* + *s*) expected, where *d* is the distance moved and *s* the number
  ///   of sections: the *d* items passed are hashed to re-index them, unless *d* exceeds a
  ///   32nd of the items, when one O(*n*) pass re-indexes them without hashing.
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
  ) {
    _moveItem(identifier, relativeTo: toIdentifier, after: true, "moveItem(_:afterItem:)")
  }
}

// MARK: - Implementation

extension DiffableDataSourceSnapshot {
  /// Where `_insertItems` puts new items.
  @usableFromInline
  internal enum _ItemPlacement {
    case endOfSection(Int)
    case before(ItemIdentifierType)
    case after(ItemIdentifierType)
  }

  /// The index of the section named `identifier` if it is the last section that holds items
  /// or the one after it; otherwise `nil`, and the caller looks it up.
  ///
  /// A snapshot built section by section appends to one of these two, and comparing two
  /// identifiers costs less than hashing one and probing the sections' table (with 100
  /// sections of 100 `Int` items, the look-ups were about 2% of the build's instructions).
  /// The answer is right whenever it is not `nil`, because section identifiers are unique.
  ///
  /// - Complexity: O(log *s*) for *s* sections, and at most two comparisons.
  @inlinable
  internal func _sectionBeingFilled(_ identifier: SectionIdentifierType) -> Int? {
    guard !_sections.isEmpty else { return nil }
    // The section holding the last item, or the first section when there are none.
    let low = _items.count == 0 ? 0 : _section(containingFlatIndex: _items.count &- 1)
    if _sections[low] == identifier { return low }
    let next = low &+ 1
    if next < _sections.count, _sections[next] == identifier { return next }
    return nil
  }

  /// Resolves a placement to a flattened offset and the section it lies in.
  @inlinable
  internal func _resolve(_ placement: _ItemPlacement, _ method: StaticString) -> (
    offset: Int, section: Int
  ) {
    switch placement {
    case .endOfSection(let section):
      return (_sectionEnds[section], section)
    case .before(let target):
      let index = _requireItem(target, method, role: "target item")
      return (index, _section(containingFlatIndex: index))
    case .after(let target):
      let index = _requireItem(target, method, role: "target item")
      return (index &+ 1, _section(containingFlatIndex: index))
    }
  }

  @inlinable
  internal mutating func _insertItems(
    _ identifiers: [ItemIdentifierType], at placement: _ItemPlacement, _ method: StaticString
  ) {
    guard !identifiers.isEmpty else {
      _ = _resolve(placement, method)  // still validates the target
      return
    }
    let (offset, section) = _resolve(placement, method)
    let countBefore = _items.count
    if countBefore == 0 {
      // The first items of a snapshot (how snapshots are built): the set is made in one pass
      // that hashes each item once and shares the array's storage instead of copying it.
      guard let items = _IndexedArray(checkingUniqueElements: identifiers) else {
        _failOnDuplicates(identifiers, method)
      }
      _items = items
      for later in section..<_sectionEnds.count {
        _sectionEnds[later] = items.count
      }
      _checkInvariants()
      return
    }
    // A snapshot filled section by section (its later sections still empty) is probably
    // being built: make room for the sections still to come, so that the table grows once
    // or twice rather than at every doubling (`_itemReservation`). A guess is made only when
    // the room left runs out: guessing again at every section would grow the storage for a
    // guess a few items larger.
    let needed = countBefore &+ identifiers.count
    if offset == countBefore, section &+ 1 < _sectionEnds.count,
      _sectionEnds[_sectionEnds.count &- 1] == countBefore, needed > _items.reservedCapacity
    {
      _items.reserveCapacity(
        Self._itemReservation(
          needed: needed, appended: identifiers.count, filled: section &+ 1,
          sections: _sectionEnds.count),
        borrowing: _items._shouldBorrow(adding: identifiers.count))
    }
    // One hash per new item, in one pass that both checks uniqueness and indexes the items
    // (how each section after the first is built); it changes nothing if any item repeats
    // or already exists, and the per-item loop below finds out which.
    if !_items.append(uniqueContentsOf: identifiers, borrowing: offset == countBefore) {
      var existing = false
      for identifier in identifiers {
        let (inserted, index) = _items.append(identifier)
        if !inserted {
          if index >= countBefore { _failOnDuplicates(identifiers, method) }
          existing = true
        }
      }
      if existing {
        _items.removeLast(_items.count &- countBefore)
        _insertItemsMovingExisting(identifiers, at: placement, method)
        return
      }
    }
    // The new block sits at the end; slide it to its place without rehashing anything.
    if offset != countBefore { _items.moveSubrange(countBefore..<_items.count, to: offset) }
    let added = identifiers.count
    // Through a pointer: the array's subscript checks uniqueness at each write, and a
    // snapshot built section by section shifts every later end at each append (with 100
    // sections of 100 items, 13% of the build); this loop is vectorized instead.
    _sectionEnds.withUnsafeMutableBufferPointer { ends in
      for later in section..<ends.count { ends[later] &+= added }
    }
    _checkInvariants()
  }

  /// How many items to make room for when `needed` items fill the first `filled` of
  /// `sections` sections, the last `appended` of them just now, and the rest are empty.
  ///
  /// The guess is the average size of the filled sections for every section, with 1/16 to
  /// spare (sections that only match the first ones' average would otherwise run out just
  /// before the last, and copy the whole storage once more). It is trusted up to 64× what
  /// is needed now when the section just filled is about the average size (sections alike,
  /// as lists built from groups usually are), else up to 4×; and never past twice what is
  /// needed or 2^20 items more, whichever is larger (growing by doubling costs no more),
  /// nor past what a snapshot holds: many sections declared and few filled must not reserve
  /// gigabytes. At least `needed`.
  ///
  /// Products saturate: with 32-bit `Int` they overflow for large counts.
  @inlinable
  internal static func _itemReservation(
    needed: Int, appended: Int, filled: Int, sections: Int
  ) -> Int {
    func product(_ a: Int, _ b: Int) -> Int {
      let (value, overflow) = a.multipliedReportingOverflow(by: b)
      return overflow ? Int.max : value
    }
    func sum(_ a: Int, _ b: Int) -> Int {
      let (value, overflow) = a.addingReportingOverflow(b)
      return overflow ? Int.max : value
    }
    let limit = _IndexedArray<ItemIdentifierType>._capacity(
      forScale: _IndexedArray<ItemIdentifierType>.maximumScale)
    guard needed < limit, filled > 0 else { return needed }
    let average = product(needed, sections) / filled
    let projected = sum(average, average >> 4)
    let share = product(appended, filled)
    let alike = product(share, 2) >= needed && share <= product(needed, 2)
    let trusted = product(needed, alike ? 64 : 4)
    let bounded = sum(needed, Swift.max(needed, 1 << 20))
    return Swift.max(needed, Swift.min(projected, trusted, bounded, limit))
  }

  /// The slow path of `_insertItems`: some items already exist elsewhere. Apple moves them
  /// into place and logs; so do we.
  @inlinable
  internal mutating func _insertItemsMovingExisting(
    _ identifiers: [ItemIdentifierType], at placement: _ItemPlacement, _ method: StaticString
  ) {
    let unique = Set(identifiers)
    if unique.count != identifiers.count { _failOnDuplicates(identifiers, method) }
    switch placement {
    case .before(let target), .after(let target):
      precondition(
        !unique.contains(target),
        "\(method): target item identifier \(target) is among the items being inserted")
    case .endOfSection:
      break
    }
    var offsets: [Int] = []
    for identifier in identifiers {
      if let index = _items.firstIndex(of: identifier) { offsets.append(index) }
    }
    offsets.sort()
    let moved = offsets.map { _items[$0] }
    DiffableDiagnostics.warn(
      "\(method): item identifiers \(moved) already exist in the snapshot; they are moved "
        + "to the new position")
    _removeItems(atOffsets: offsets)
    _insertItems(identifiers, at: placement, method)
  }

  @inlinable
  internal func _failOnDuplicates(_ identifiers: [ItemIdentifierType], _ method: StaticString)
    -> Never
  {
    preconditionFailure(
      "\(method): duplicate item identifiers in the arguments: "
        + "\(_repeatedElements(in: identifiers))")
  }

  /// Removes repeated values from a sorted array.
  @inlinable
  internal func _removeAdjacentDuplicates(_ values: inout [Int]) {
    var kept = 0
    for index in values.indices where index == 0 || values[index] != values[kept &- 1] {
      values[kept] = values[index]
      kept &+= 1
    }
    values.removeLast(values.count &- kept)
  }

  /// Removes the items at the given offsets, in any order and possibly repeated, by
  /// rebuilding the storage once: O(*n*), with no sort of the offsets (which cost more than
  /// the rebuild when many items go).
  @inlinable
  internal mutating func _removeItems(atOffsets offsets: [Int]) {
    var doomed = [Bool](repeating: false, count: _items.count)
    for offset in offsets { doomed[offset] = true }
    var removed = 0
    var index = 0
    for section in _sectionEnds.indices {
      let end = _sectionEnds[section]
      while index < end {
        if doomed[index] { removed &+= 1 }
        index &+= 1
      }
      _sectionEnds[section] = end &- removed
    }
    _items.removeAll(flaggedBy: doomed)
  }

  @inlinable
  internal mutating func _moveItem(
    _ identifier: ItemIdentifierType,
    relativeTo target: ItemIdentifierType,
    after: Bool,
    _ method: StaticString
  ) {
    let source = _requireItem(identifier, method)
    let destination = _requireItem(target, method, role: "target item")
    precondition(
      source != destination, "\(method): item identifier \(identifier) cannot move onto itself")
    let sourceSection = _section(containingFlatIndex: source)
    let targetSection = _section(containingFlatIndex: destination)
    _items.moveSubrange(source..<source &+ 1, to: after ? destination &+ 1 : destination)
    if sourceSection < targetSection {
      for section in sourceSection..<targetSection { _sectionEnds[section] &-= 1 }
    } else if sourceSection > targetSection {
      for section in targetSection..<sourceSection { _sectionEnds[section] &+= 1 }
    }
    _checkInvariants()
  }
}
