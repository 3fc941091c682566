import OrderedCollections

/// The items of one section arranged as an outline: a forest of items, each of which may be
/// expanded or collapsed.
///
/// A value type with Apple's `NSDiffableDataSourceSectionSnapshot` API and behaviour. It is
/// how a sidebar or an outline list describes its rows: build the hierarchy with
/// ``append(_:to:)``, choose what is open with ``expand(_:)``, and give the section's
/// ``visibleItems`` to a ``DiffableDataSourceSnapshot`` with
/// ``DiffableDataSourceSnapshot/replaceItems(inSection:with:)``.
///
///     var outline = DiffableDataSourceSectionSnapshot<String>()
///     outline.append(["Library", "Collections"])
///     outline.append(["Breakfast", "Desserts"], to: "Collections")
///     outline.expand(["Collections"])
///     outline.visibleItems  // ["Library", "Collections", "Breakfast", "Desserts"]
///
/// Items are unique within the section snapshot. Every item starts collapsed; expansion
/// state belongs to the value, does not require children, and is kept while an ancestor is
/// collapsed. An item is *visible* when none of its ancestors is collapsed.
///
/// Misuse (a duplicate item, an unknown parent or destination, an item placed under itself)
/// stops the program with a message that names the method and the identifier, as Apple's
/// raises an exception. Expanding or collapsing an unknown item is tolerated, as Apple does:
/// it is reported through ``DiffableDiagnostics`` and otherwise ignored.
///
/// The outline is stored flattened in depth-first pre-order in a hash-indexed array,
/// with parallel arrays for each item's level, parent, number of descendants and expansion
/// state, so every lookup is one hash. The visible items are cached and patched in place
/// when a node opens or closes: expanding or collapsing hashes only the named item and
/// walks only the rows that appear or disappear, plus one block move of the cached rows
/// after them. Build outlines depth-first (each parent's children appended right after
/// it): appending at the end of the outline costs only the new items, while inserting in
/// the middle also costs the items after the insertion point.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
  /// Every item, in depth-first pre-order. Its index is the item's *position*, which the
  /// parallel arrays below are indexed by.
  @usableFromInline
  internal var _items: _IndexedArray<ItemIdentifierType>

  /// The depth of each item: 0 for roots. Each level is at most one more than the level
  /// of the item before it.
  @usableFromInline
  internal var _levels: [Int32]

  /// The position of each item's parent, or -1 for roots.
  ///
  /// Stored (rather than found by scanning back for a shallower level) so that
  /// `parent(of:)` is O(1) even under a parent with many children.
  @usableFromInline
  internal var _parents: [Int32]

  /// The number of descendants of each item, so that a subtree is the positions
  /// `position ... position + count` and can be skipped in one step.
  @usableFromInline
  internal var _descendantCounts: [Int32]

  /// Expansion and visibility bits of each item (see `_SectionSnapshotFlag`).
  @usableFromInline
  internal var _flags: [UInt8]

  /// The visible items in order: the cached answer of `visibleItems`, patched by every
  /// mutation so that reading it never walks the outline.
  @usableFromInline
  internal var _visibleItems: [ItemIdentifierType]

  /// The position of each item of `_visibleItems`, ascending, so that a position's place in
  /// the visible list is found by binary search.
  @usableFromInline
  internal var _visiblePositions: [Int32]

  /// Creates an empty section snapshot.
  ///
  /// - Complexity: O(1)
  @inlinable
  public init() {
    _items = _IndexedArray()
    _levels = []
    _parents = []
    _descendantCounts = []
    _flags = []
    _visibleItems = []
    _visiblePositions = []
  }

  /// Creates a section snapshot with the same items, structure and expansion state as
  /// another one.
  ///
  /// - Parameter snapshot: The section snapshot to copy.
  /// - Complexity: O(1): the copy shares storage until one of them changes.
  @inlinable
  public init(_ snapshot: Self) {
    self = snapshot
  }
}

/// The bits of `DiffableDataSourceSectionSnapshot._flags`.
@usableFromInline
internal enum _SectionSnapshotFlag {
  /// The item is expanded: its children are visible when it is.
  @inlinable
  @inline(__always)
  static var expanded: UInt8 { 1 }

  /// No ancestor of the item is collapsed. Derived from the levels and expansion bits, and
  /// kept so that `isVisible(_:)` is O(1).
  @inlinable
  @inline(__always)
  static var visible: UInt8 { 2 }

  /// Both bits: an item whose children are visible.
  @inlinable
  @inline(__always)
  static var visibleAndExpanded: UInt8 { 3 }
}

// Sendable exactly when the identifiers are (see `DiffableDataSourceSnapshot`).
extension DiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}
