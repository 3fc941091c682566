import OrderedCollections

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Positional access, for code that talks to a list view in index paths (a data source
// answering `numberOfItemsInSection` or `cellForItemAt`). Apple's snapshot has no such
// members; the data source's `itemIdentifier(for:)` is built on these.
extension DiffableDataSourceSnapshot {
  /// The item at an index path, or `nil` if the path is out of range.
  ///
  /// - Complexity: O(1); no hashing.
  @inlinable
  public func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2 else { return nil }
    let section = indexPath._section
    let item = indexPath._item
    guard section >= 0, section < _sectionEnds.count, item >= 0 else { return nil }
    let index = _sectionStart(section) &+ item
    guard index < _sectionEnds[section] else { return nil }
    return _items[index]
  }

  /// The number of items in the section at a position.
  ///
  /// - Precondition: `sectionIndex` is in `0..<numberOfSections`.
  /// - Complexity: O(1); no hashing.
  @inlinable
  public func numberOfItems(inSectionAt sectionIndex: Int) -> Int {
    precondition(
      sectionIndex >= 0 && sectionIndex < _sectionEnds.count,
      "numberOfItems(inSectionAt:): section index \(sectionIndex) is out of range 0..<\(_sectionEnds.count)"
    )
    return _sectionRange(sectionIndex).count
  }

  /// Moves the item at `source` so that it ends at `destination`, an index path in the
  /// state *after* the move: what a list view reports when the user drags a row (UIKit's
  /// `moveItemAt:to:`). Apple's snapshot has no positional move; data sources and views
  /// use this one.
  ///
  /// - Precondition: `source` names an item; `destination` names a section and a position
  ///   no further than the end of that section once the item has left it.
  /// - Complexity: O(*n*) at worst; O(*k* + *d*) for a section of *k* items and a move
  ///   of *d* places.
  @inlinable
  public mutating func moveItem(at source: IndexPath, to destination: IndexPath) {
    let method: StaticString = "moveItem(at:to:)"
    guard let item = itemIdentifier(at: source) else {
      preconditionFailure("\(method): no item at the source index path \(source)")
    }
    precondition(
      destination.count == 2 && destination._section >= 0
        && destination._section < _sections.count,
      "\(method): destination \(destination) names no section")
    let section = _sections[destination._section]
    var others = itemIdentifiers(inSection: section)
    others.removeAll { $0 == item }
    let position = destination._item
    precondition(
      position >= 0 && position <= others.count,
      "\(method): destination \(destination) is beyond the \(others.count) other items of its section"
    )
    if position < others.count {
      moveItem(item, beforeItem: others[position])
    } else if let last = others.last {
      moveItem(item, afterItem: last)
    } else {
      // An empty section has no item to move next to.
      deleteItems([item])
      appendItems([item], toSection: section)
    }
  }
}
