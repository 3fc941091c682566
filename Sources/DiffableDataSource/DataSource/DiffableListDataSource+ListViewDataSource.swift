#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What the view pulls. Each answer describes the snapshot the view shows now — during a
// batch, the new one.
extension DiffableListDataSource {
  /// The number of sections shown.
  public func numberOfSections(in listView: any ListView) -> Int {
    current.numberOfSections
  }

  /// The number of items in a section shown.
  public func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    current.numberOfItems(inSectionAt: section)
  }

  /// Runs the cell provider for the item at `indexPath`.
  ///
  /// - Precondition: `indexPath` names an item, and the provider returns a cell.
  public func listView(_ listView: any ListView, cellForItemAt indexPath: IndexPath) -> ListCell {
    guard let item = current.itemIdentifier(at: indexPath) else {
      preconditionFailure(
        "listView(_:cellForItemAt:): no item at \(indexPath) in \(current.description)")
    }
    guard let cell = _CellProviderContext.run({ cellProvider(listView, indexPath, item) }) else {
      preconditionFailure(
        "listView(_:cellForItemAt:): the cell provider returned nil for item \(item) at "
          + "\(indexPath)")
    }
    return cell
  }

  /// Runs the supplementary view provider, if any.
  public func listView(
    _ listView: any ListView, viewForSupplementaryElementOfKind elementKind: String,
    at indexPath: IndexPath
  ) -> ListCell? {
    guard let provider = supplementaryViewProvider else { return nil }
    return _CellProviderContext.run { provider(listView, elementKind, indexPath) }
  }

  /// The identifier of the section at an index.
  public func listView(_ listView: any ListView, identifierForSectionAt section: Int)
    -> ListIdentifier
  {
    ListIdentifier(current.sectionIdentifiers[section])
  }

  /// The identifier of the item at an index path.
  ///
  /// - Precondition: `indexPath` names an item.
  public func listView(_ listView: any ListView, identifierForItemAt indexPath: IndexPath)
    -> ListIdentifier
  {
    guard let item = current.itemIdentifier(at: indexPath) else {
      preconditionFailure("listView(_:identifierForItemAt:): no item at \(indexPath)")
    }
    return ListIdentifier(item)
  }

  /// The identifiers of a section's items, read in one pass over the current snapshot.
  ///
  /// - Precondition: `section` is in range.
  /// - Complexity: O(*k*) for the section's *k* items; hashes only the section identifier.
  public func listView(_ listView: any ListView, identifiersOfItemsInSection section: Int)
    -> [ListIdentifier]
  {
    let snapshot = current
    precondition(
      section >= 0 && section < snapshot.numberOfSections,
      "listView(_:identifiersOfItemsInSection:): no section at \(section)")
    return snapshot.itemIdentifiers(inSection: snapshot.sectionIdentifiers[section]).map {
      ListIdentifier($0)
    }
  }

  /// Hands the current snapshot, without its marks, to `visitor`.
  ///
  /// - Complexity: O(1)
  public func listView(
    _ listView: any ListView, visitSnapshot visitor: inout some ListViewSnapshotVisitor
  ) -> Bool {
    visitor.visit(current)
    return true
  }

  /// The outline state of an item, when its section shows an outline.
  ///
  /// - Complexity: O(1) when no section shows an outline; otherwise O(1) expected, a few hash
  ///   lookups (the section's outline, then the item and its neighbour in it).
  public func listView(_ listView: any ListView, outlineStateForItemAt indexPath: IndexPath)
    -> OutlineItemState?
  {
    // A view asks for every cell it shows. With no outline, nothing else needs reading: this
    // code runs unspecialized (the view holds the data source as a protocol), where the item
    // and section lookups cost a look-up of generic metadata each, 7% of the samples of a data
    // source applying a 1% change of 10,000 items onto a `RecordingListView`.
    guard showsOutlines else { return nil }
    guard let item = current.itemIdentifier(at: indexPath) else { return nil }
    return _outlineState(of: item, section: current.sectionIdentifiers[indexPath[0]])
  }

  /// Expands or collapses an outline item through ``sectionSnapshotHandlers``.
  @discardableResult
  public func listView(
    _ listView: any ListView, setExpanded expanded: Bool, forItemAt indexPath: IndexPath
  ) -> Bool {
    guard let item = current.itemIdentifier(at: indexPath) else { return false }
    return _setExpanded(expanded, item: item, section: current.sectionIdentifiers[indexPath[0]])
  }

  /// Whether the reordering handlers let the user move the item.
  public func listView(_ listView: any ListView, canMoveItemAt indexPath: IndexPath) -> Bool {
    guard let item = current.itemIdentifier(at: indexPath) else { return false }
    return _canReorder(item, section: current.sectionIdentifiers[indexPath[0]])
  }

  /// Records the user's move and tells the reordering handlers.
  public func listView(
    _ listView: any ListView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {
    _reorder(from: source, to: destination)
  }
}
