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
}
