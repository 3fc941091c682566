/// A data source that drives a collection-style ``ListView`` from snapshots (the
/// counterpart of `UICollectionViewDiffableDataSource`).
///
///     let dataSource = CollectionViewDiffableDataSource<Section, Recipe.ID>(
///       collectionView: listView
///     ) { view, indexPath, recipeID in
///       view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: recipeID)
///     }
///     dataSource.applySnapshotUsingReloadData(initialSnapshot)
///     dataSource.apply(updatedSnapshot)           // animated batch

open class CollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
>: DiffableListDataSource<SectionIdentifierType, ItemIdentifierType> {
  /// Creates a data source that drives `collectionView`, making cells with `cellProvider`.
  public init(collectionView: any ListView, cellProvider: @escaping CellProvider) {
    super.init(listView: collectionView, cellProvider: cellProvider)
  }
}
