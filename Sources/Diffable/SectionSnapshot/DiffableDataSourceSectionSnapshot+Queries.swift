import OrderedCollections

extension DiffableDataSourceSectionSnapshot {
  /// Every item, in depth-first pre-order: each item is followed by its descendants, before
  /// its next sibling.
  ///
  /// - Complexity: O(1): the array shares the snapshot's storage.
  @inlinable
  public var items: [ItemIdentifierType] { _items.elements }

  /// The items at the top level (level 0), in order.
  ///
  /// - Complexity: O(*r*) for *r* root items: each root's subtree is skipped in one step.
  @inlinable
  public var rootItems: [ItemIdentifierType] {
    var roots = [ItemIdentifierType]()
    var position = 0
    while position < _items.count {
      roots.append(_items[position])
      position = _subtreeEnd(position)
    }
    return roots
  }

  /// The items that are visible, in order: those with no collapsed ancestor.
  ///
  /// These are the rows a list shows for the section, and what
  /// ``DiffableDataSourceSnapshot/replaceItems(inSection:with:)`` puts in it.
  ///
  /// - Complexity: O(1): the answer is kept up to date by every mutation, and the array
  ///   shares the snapshot's storage.
  @inlinable
  public var visibleItems: [ItemIdentifierType] { _visibleItems }

  /// The expanded items, in pre-order, whether visible or not.
  ///
  /// - Complexity: O(*n*) for *n* items.
  @inlinable
  public var expandedItems: [ItemIdentifierType] {
    var expanded = [ItemIdentifierType]()
    for position in _flags.indices where _flags[position] & _SectionSnapshotFlag.expanded != 0 {
      expanded.append(_items[position])
    }
    return expanded
  }

  /// Whether the section snapshot holds an item.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func contains(_ item: ItemIdentifierType) -> Bool {
    _items.contains(item)
  }

  /// The index of an item in ``items``, or `nil` if it is absent.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func index(of item: ItemIdentifierType) -> Int? {
    _items.firstIndex(of: item)
  }

  /// The depth of an item in the outline: 0 for a root item, 1 for its children, and so on.
  ///
  /// - Precondition: `item` is in the section snapshot.
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func level(of item: ItemIdentifierType) -> Int {
    Int(_levels[_requirePosition(of: item, "level(of:)")])
  }

  /// The parent of an item, or `nil` if the item is a root item or is absent.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
    guard let position = _items.firstIndex(of: child) else { return nil }
    let parent = Int(_parents[position])
    return parent < 0 ? nil : _items[parent]
  }

  /// Whether an item is visible: no ancestor of it is collapsed. Root items are always
  /// visible. This says nothing about whether a list has scrolled the row on screen.
  ///
  /// Returns `false` for an item that is not in the section snapshot.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    guard let position = _items.firstIndex(of: item) else { return false }
    return _flags[position] & _SectionSnapshotFlag.visible != 0
  }

  /// A new section snapshot holding the descendants of an item, with their structure and
  /// expansion state, re-based so that the item's children are at level 0; or, with
  /// `includingParent`, the item itself at level 0 with its descendants below it.
  ///
  /// - Parameters:
  ///   - parent: The item whose descendants to copy.
  ///   - includingParent: Whether the result holds `parent` itself as its only root item.
  /// - Precondition: `parent` is in the section snapshot.
  /// - Complexity: O(*k*) expected for the *k* items copied.
  @inlinable
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
    let position = _requirePosition(
      of: parent, "snapshot(of:includingParent:)", role: "parent item")
    let range = (includingParent ? position : position &+ 1)..<_subtreeEnd(position)
    var result = Self()
    guard !range.isEmpty else { return result }
    let base = _levels[range.lowerBound]
    result._items = _IndexedArray(uncheckedUniqueElements: Array(_items.elements[range]))
    result._levels = _levels[range].map { $0 &- base }
    result._flags = Array(_flags[range])
    result._rebuildDerivedState()
    result._checkInvariants()
    return result
  }
}
