import OrderedCollections

extension DiffableDataSourceSnapshot: Equatable {
  /// Whether two snapshots have the same sections holding the same items in the same order.
  ///
  /// Reload and reconfigure marks are not part of the comparison: they describe how to
  /// apply a snapshot, not what it holds.
  ///
  /// - Complexity: O(*n* + *s*) equality checks at worst; O(1) when the two share storage.
  @inlinable
  public static func == (left: Self, right: Self) -> Bool {
    left._sectionEnds == right._sectionEnds && left._sections.elements == right._sections.elements
      && left._items.elementsEqual(in: left._items.indices, right._items, in: right._items.indices)
  }
}
