import OrderedCollections

extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Whether two section snapshots hold the same items in the same outline (same order,
  /// same levels, hence same parents) with the same expansion state.
  ///
  /// - Complexity: O(*n*) at worst; O(1) when the two share storage.
  @inlinable
  public static func == (left: Self, right: Self) -> Bool {
    // The visibility bits in `_flags` follow from the levels and expansion bits, so
    // comparing whole flags compares expansion state. Integer arrays go first: they are
    // cheaper than the identifiers' `==`.
    left._levels == right._levels && left._flags == right._flags
      && left._items.elements == right._items.elements
  }
}
