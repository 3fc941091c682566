#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DiffableListDataSource {
  /// The item the view shows at an index path, or `nil` if there is none.
  ///
  /// - Complexity: O(1)
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    current.itemIdentifier(at: indexPath)
  }

  /// Where the view shows an item, or `nil` if it does not.
  ///
  /// - Complexity: O(1) expected (one hash) plus O(log s).
  public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    current.indexPath(ofItem: itemIdentifier)
  }

  /// The section the view shows at an index, or `nil` if there is none.
  ///
  /// - Complexity: O(1)
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    let sections = current.sectionIdentifiers
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The index at which the view shows a section, or `nil` if it does not.
  ///
  /// - Complexity: O(1) expected (one hash).
  public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }
}
