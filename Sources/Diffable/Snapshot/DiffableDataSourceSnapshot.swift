import OrderedCollections

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state of a list view's data at one moment: sections in order, each with its items in
/// order, identified by stable identifiers.
///
/// A value type with Apple's `NSDiffableDataSourceSnapshot` API and behaviour. Build one,
/// then apply it to a data source, or compute the ``BatchUpdate`` that turns one snapshot
/// into another.
///
///     var snapshot = DiffableDataSourceSnapshot<Section, Recipe.ID>()
///     snapshot.appendSections([.main])
///     snapshot.appendItems(recipeIDs, toSection: .main)
///
/// Item identifiers are unique across the whole snapshot, section identifiers among the
/// sections; the two are separate namespaces. Misuse (a duplicate identifier in one call, an
/// unknown section, moving an item onto itself, …) stops the program with a message that
/// names the method and the identifiers, as Apple's raises an exception.
///
/// The items are stored once, flattened in section order, in a hash-indexed ordered set;
/// sections keep only where they end. So `itemIdentifiers` is free (with one exception, in
/// its documentation), every lookup is one hash, and a diff reuses the old snapshot's hash
/// table instead of building its own.
public struct DiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
> {
  /// The section identifiers, in order.
  @usableFromInline
  internal var _sections: OrderedSet<SectionIdentifierType>

  /// For each section, the flattened index one past its last item. `_sectionEnds.last` is
  /// the number of items. Empty sections repeat the previous end.
  @usableFromInline
  internal var _sectionEnds: [Int]

  /// Every item identifier, flattened in section order.
  @usableFromInline
  internal var _items: _IndexedArray<ItemIdentifierType>

  /// Items marked with `reloadItems(_:)`, in call order.
  @usableFromInline
  internal var _reloadedItems: OrderedSet<ItemIdentifierType>

  /// Items marked with `reconfigureItems(_:)`, in call order.
  @usableFromInline
  internal var _reconfiguredItems: OrderedSet<ItemIdentifierType>

  /// Sections marked with `reloadSections(_:)`, in call order.
  @usableFromInline
  internal var _reloadedSections: OrderedSet<SectionIdentifierType>

  /// Creates an empty snapshot: no sections, no items.
  ///
  /// - Complexity: O(1)
  @inlinable
  public init() {
    _sections = []
    _sectionEnds = []
    _items = _IndexedArray()
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
  }
}

// MARK: - Counts and identifiers

extension DiffableDataSourceSnapshot {
  /// The number of items in the snapshot, all sections together.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var numberOfItems: Int { _items.count }

  /// The number of sections in the snapshot.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var numberOfSections: Int { _sections.count }

  /// The section identifiers, in order.
  ///
  /// - Complexity: O(1): the array shares the snapshot's storage.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifierType] { _sections.elements }

  /// Every item identifier, sections in order (the flattened items).
  ///
  /// - Complexity: O(1): the array shares the snapshot's storage; nothing is rebuilt. One
  ///   exception: a snapshot of items with references to count (strings, classes) filled by
  ///   appending sections keeps the appended arrays rather than copying (and retaining) each
  ///   item, and until its first change other than an append at the end, each call builds a
  ///   new array, O(*n*), as Apple's does.
  @inlinable
  public var itemIdentifiers: [ItemIdentifierType] { _items.elements }

  /// The number of items in a section.
  ///
  /// - Precondition: `identifier` is a section of the snapshot.
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    _sectionRange(_requireSection(identifier, "numberOfItems(inSection:)")).count
  }

  /// The item identifiers of a section, in order.
  ///
  /// - Precondition: `identifier` is a section of the snapshot.
  /// - Complexity: O(1) expected to find the section, plus O(*k*) to copy its *k* items.
  @inlinable
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    let section = _requireSection(identifier, "itemIdentifiers(inSection:)")
    return _items.elements(in: _sectionRange(section))
  }

  /// The identifier of the section that holds an item, or `nil` if the item is absent.
  ///
  /// - Complexity: O(1) expected (one hash) plus O(log *s*) integer comparisons, where *s*
  ///   is the number of sections.
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    guard let index = _items.firstIndex(of: identifier) else { return nil }
    return _sections[_section(containingFlatIndex: index)]
  }

  /// The index of an item in the flattened ``itemIdentifiers``, or `nil` if it is absent.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    _items.firstIndex(of: identifier)
  }

  /// The index of a section, or `nil` if it is absent.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    _sections.firstIndex(of: identifier)
  }

  /// Whether the snapshot holds an item.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func contains(item identifier: ItemIdentifierType) -> Bool {
    _items.contains(identifier)
  }

  /// Whether the snapshot holds a section.
  ///
  /// - Complexity: O(1) expected (one hash).
  @inlinable
  public func contains(section identifier: SectionIdentifierType) -> Bool {
    _sections.contains(identifier)
  }

  /// The index path of an item (section index and index within the section), or `nil` if it
  /// is absent.
  ///
  /// - Complexity: O(1) expected (one hash) plus O(log *s*) integer comparisons.
  @inlinable
  public func indexPath(ofItem identifier: ItemIdentifierType) -> IndexPath? {
    guard let index = _items.firstIndex(of: identifier) else { return nil }
    let section = _section(containingFlatIndex: index)
    return IndexPath._make(section: section, item: index &- _sectionStart(section))
  }
}

// MARK: - Internal geometry

extension DiffableDataSourceSnapshot {
  /// The flattened index of a section's first item.
  @inlinable
  @inline(__always)
  internal func _sectionStart(_ section: Int) -> Int {
    section == 0 ? 0 : _sectionEnds[section &- 1]
  }

  /// The flattened indexes of a section's items.
  @inlinable
  @inline(__always)
  internal func _sectionRange(_ section: Int) -> Range<Int> {
    _sectionStart(section)..<_sectionEnds[section]
  }

  /// The index of the section that holds the item at a flattened index: the first section
  /// whose end lies beyond it (binary search; empty sections are skipped naturally).
  @inlinable
  internal func _section(containingFlatIndex index: Int) -> Int {
    var low = 0
    var high = _sectionEnds.count &- 1
    while low < high {
      let middle = low &+ (high &- low) / 2
      if _sectionEnds[middle] > index {
        high = middle
      } else {
        low = middle &+ 1
      }
    }
    return low
  }

  /// The index of a section that must exist; stops with a message naming `method` if not.
  @inlinable
  internal func _requireSection(_ identifier: SectionIdentifierType, _ method: StaticString) -> Int
  {
    guard let index = _sections.firstIndex(of: identifier) else {
      preconditionFailure(
        "\(method): section identifier \(identifier) does not exist in the snapshot")
    }
    return index
  }

  /// The flattened index of an item that must exist; stops with a message naming `method`.
  @inlinable
  internal func _requireItem(
    _ identifier: ItemIdentifierType, _ method: StaticString, role: StaticString = "item"
  ) -> Int {
    guard let index = _items.firstIndex(of: identifier) else {
      preconditionFailure(
        "\(method): \(role) identifier \(identifier) does not exist in the snapshot")
    }
    return index
  }
}

// Sendable exactly when the identifiers are, as `Array` is when its elements are: a snapshot
// of value identifiers can be built on any task and applied where the list lives, and one of
// class identifiers (as UIKit apps often use) stays where it was made.
extension DiffableDataSourceSnapshot: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
