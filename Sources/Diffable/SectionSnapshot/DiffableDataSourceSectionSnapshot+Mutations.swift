import OrderedCollections

extension DiffableDataSourceSectionSnapshot {
  /// Adds items at the end of the root level, or after the existing children of a parent.
  ///
  /// The new items are collapsed leaves. Under a collapsed or hidden parent they are not
  /// visible until it is expanded and shown.
  ///
  /// - Parameters:
  ///   - items: The items to add, in order.
  ///   - parent: The item to add them under; `nil` adds them as root items.
  /// - Precondition: `parent` (when given) is in the section snapshot and not in `items`;
  ///   none of `items` is in the section snapshot already or appears twice.
  /// - Complexity: O(*k* + *depth*) expected for *k* new items when the parent's subtree
  ///   ends the outline, as it does when an outline is built depth-first (each parent's
  ///   children appended right after it); otherwise plus O(*t*) expected for the *t* items
  ///   after the new ones, whose index entries move.
  @inlinable
  public mutating func append(
    _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
  ) {
    let method: StaticString = "append(_:to:)"
    guard let parent else {
      _insertForest(items, from: nil, at: _items.count, parent: -1, method, anchor: nil)
      _checkInvariants()
      return
    }
    guard let parentPosition = _items.firstIndex(of: parent) else {
      let hint = items.contains(parent) ? "; an item cannot be appended under itself" : ""
      preconditionFailure(
        "\(method): parent item identifier \(parent) does not exist in the section snapshot"
          + hint)
    }
    _insertForest(
      items, from: nil, at: _subtreeEnd(parentPosition), parent: parentPosition, method,
      anchor: ("parent item", parent))
    _checkInvariants()
  }

  /// Inserts items just before an existing item, at its level and under its parent.
  ///
  /// - Parameters:
  ///   - items: The items to insert, as collapsed leaves, in order.
  ///   - destination: The item to insert them before.
  /// - Precondition: `destination` is in the section snapshot and not in `items`; none of
  ///   `items` is in the section snapshot already or appears twice.
  /// - Complexity: O(*k* + *t* + *depth*) expected for *k* new items and the *t* items
  ///   after the insertion point, whose index entries move.
  @inlinable
  public mutating func insert(
    _ items: [ItemIdentifierType], before destination: ItemIdentifierType
  ) {
    let method: StaticString = "insert(_:before:)"
    let position = _requirePosition(of: destination, method, role: "destination item")
    _insertForest(
      items, from: nil, at: position, parent: Int(_parents[position]), method,
      anchor: ("destination item", destination))
    _checkInvariants()
  }

  /// Inserts items after an existing item and all its descendants, at the item's level and
  /// under its parent: the new items become its next siblings.
  ///
  /// - Parameters:
  ///   - items: The items to insert, as collapsed leaves, in order.
  ///   - destination: The item to insert them after.
  /// - Precondition: `destination` is in the section snapshot and not in `items`; none of
  ///   `items` is in the section snapshot already or appears twice.
  /// - Complexity: O(*k* + *t* + *depth*) expected for *k* new items and the *t* items
  ///   after the insertion point, whose index entries move.
  @inlinable
  public mutating func insert(
    _ items: [ItemIdentifierType], after destination: ItemIdentifierType
  ) {
    let method: StaticString = "insert(_:after:)"
    let position = _requirePosition(of: destination, method, role: "destination item")
    _insertForest(
      items, from: nil, at: _subtreeEnd(position), parent: Int(_parents[position]), method,
      anchor: ("destination item", destination))
    _checkInvariants()
  }

  /// Inserts the whole outline of another section snapshot just before an existing item:
  /// its root items take the item's level and parent, and its structure and expansion
  /// state are kept below them.
  ///
  /// - Parameters:
  ///   - snapshot: The outline to insert.
  ///   - destination: The item to insert it before.
  /// - Precondition: `destination` is in this section snapshot and not in `snapshot`; no
  ///   item of `snapshot` is in this section snapshot already.
  /// - Complexity: O(*k* + *t* + *depth*) expected for the *k* items of `snapshot` and
  ///   the *t* items after the insertion point, whose index entries move.
  @inlinable
  public mutating func insert(_ snapshot: Self, before destination: ItemIdentifierType) {
    let method: StaticString = "insert(_:before:)"
    let position = _requirePosition(of: destination, method, role: "destination item")
    _insertForest(
      snapshot._items.elements, from: snapshot, at: position, parent: Int(_parents[position]),
      method, anchor: ("destination item", destination))
    _checkInvariants()
  }

  /// Inserts the whole outline of another section snapshot after an existing item and all
  /// its descendants: its root items become the item's next siblings, and its structure and
  /// expansion state are kept below them.
  ///
  /// - Parameters:
  ///   - snapshot: The outline to insert.
  ///   - destination: The item to insert it after.
  /// - Precondition: `destination` is in this section snapshot and not in `snapshot`; no
  ///   item of `snapshot` is in this section snapshot already.
  /// - Complexity: O(*k* + *t* + *depth*) expected for the *k* items of `snapshot` and
  ///   the *t* items after the insertion point, whose index entries move.
  @inlinable
  public mutating func insert(_ snapshot: Self, after destination: ItemIdentifierType) {
    let method: StaticString = "insert(_:after:)"
    let position = _requirePosition(of: destination, method, role: "destination item")
    _insertForest(
      snapshot._items.elements, from: snapshot, at: _subtreeEnd(position),
      parent: Int(_parents[position]), method, anchor: ("destination item", destination))
    _checkInvariants()
  }

  /// Deletes items together with all their descendants. Items that are not in the section
  /// snapshot are ignored.
  ///
  /// - Complexity: O(*k* log *k*) for *k* identifiers, plus O(*n*) for one rebuild of the
  ///   item index, which hashes no item (it keeps each item's hash bits).
  @inlinable
  public mutating func delete(_ items: [ItemIdentifierType]) {
    var positions = [Int]()
    positions.reserveCapacity(items.count)
    for item in items {
      if let position = _items.firstIndex(of: item) { positions.append(position) }
    }
    guard !positions.isEmpty else { return }
    positions.sort()
    // A subtree nested in one already chosen (or named twice) goes with it.
    var ranges = [Range<Int>]()
    for position in positions where ranges.last.map({ position >= $0.upperBound }) ?? true {
      ranges.append(position..<_subtreeEnd(position))
    }
    if ranges.count == 1 {
      _removeSubtrees(ranges[0])
    } else {
      // One pass for all of them: each removal rebuilds the item index, O(n).
      _removeSubtreesRebuilding(ranges)
    }
    _checkInvariants()
  }

  /// Deletes every item and all expansion state.
  ///
  /// - Complexity: O(*n*) to release the storage.
  @inlinable
  public mutating func deleteAll() {
    self = Self()
  }

  /// Replaces all the descendants of an item with the outline of another section snapshot,
  /// whose root items become the item's children. The item's own expansion state is kept.
  ///
  /// A common use is loading children lazily when a parent is first expanded.
  ///
  /// - Parameters:
  ///   - parent: The item whose descendants to replace.
  ///   - snapshot: The new descendants; empty removes them all.
  /// - Precondition: `parent` is in this section snapshot and not in `snapshot`; no item of
  ///   `snapshot` is in this section snapshot already, except among the descendants being
  ///   replaced.
  /// - Complexity: O(*n* + *k* + *depth*) expected for *k* inserted items: removing the old
  ///   descendants rebuilds the item index without hashing, and each new item is hashed
  ///   once.
  @inlinable
  public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    let method: StaticString = "replace(childrenOf:using:)"
    let position = _requirePosition(of: parent, method, role: "parent item")
    _removeSubtrees(position &+ 1..<_subtreeEnd(position))
    _insertForest(
      snapshot._items.elements, from: snapshot, at: position &+ 1, parent: position, method,
      anchor: ("parent item", parent))
    _checkInvariants()
  }
}

// MARK: - Implementation

extension DiffableDataSourceSectionSnapshot {
  /// Removes many whole subtrees (ascending, disjoint ranges) in one pass over the outline.
  @inlinable
  internal mutating func _removeSubtreesRebuilding(_ ranges: [Range<Int>]) {
    var keptLevels = [Int32]()
    var keptFlags = [UInt8]()
    let removed = ranges.reduce(0) { $0 &+ $1.count }
    keptLevels.reserveCapacity(_items.count &- removed)
    keptFlags.reserveCapacity(_items.count &- removed)
    var start = 0
    for range in ranges + [_items.count..<_items.count] {
      keptLevels.append(contentsOf: _levels[start..<range.lowerBound])
      keptFlags.append(contentsOf: _flags[start..<range.lowerBound])
      start = range.upperBound
    }
    // The item index drops the removed ranges and keeps the rest without rehashing.
    var doomed = [Bool](repeating: false, count: _items.count)
    for range in ranges {
      for position in range { doomed[position] = true }
    }
    _items.removeAll(flaggedBy: doomed)
    _levels = keptLevels
    _flags = keptFlags
    _rebuildDerivedState()
  }
}
