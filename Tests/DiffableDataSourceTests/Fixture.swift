import DiffableDataSource
import DiffableTesting
import Foundation

/// A small recipe list on a `RecordingListView`, shaped like the sample app: item
/// identifiers are ids, the store holds the content, cells come from one registration.
@MainActor
final class RecipeFixture {
  enum Section: Hashable, Sendable { case main, extra }

  let view = RecordingListView()
  var titles: [Int: String] = [:]
  var favorites: Set<Int> = []
  var providerCalls = 0
  var registration: CellRegistration<ListCell, Int>!
  var dataSource: CollectionViewDiffableDataSource<Section, Int>!

  init(_ ids: [Int] = []) {
    for id in ids { titles[id] = "Recipe \(id)" }
    registration = CellRegistration<ListCell, Int> { [unowned self] cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = self.titles[id]
      cell.contentConfiguration = content
      cell.accessories = self.favorites.contains(id) ? [.symbol("heart.fill")] : []
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: view) {
      [unowned self] view, indexPath, id in
      self.providerCalls += 1
      return view.dequeueConfiguredReusableCell(using: self.registration, for: indexPath, item: id)
    }
  }

  func snapshot(_ sections: [(Section, [Int])]) -> DiffableDataSourceSnapshot<Section, Int> {
    var snapshot = DiffableDataSourceSnapshot<Section, Int>()
    for (section, ids) in sections {
      snapshot.appendSections([section])
      for id in ids where titles[id] == nil { titles[id] = "Recipe \(id)" }
      snapshot.appendItems(ids, toSection: section)
    }
    return snapshot
  }

  func snapshot(_ ids: [Int]) -> DiffableDataSourceSnapshot<Section, Int> {
    snapshot([(.main, ids)])
  }

  var batches: [BatchUpdate] {
    view.calls.compactMap {
      if case .performBatchUpdates(let update, _) = $0 { return update }
      return nil
    }
  }
}

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

/// A late-bound reference, for a provider that must reach the data source it is passed to.
///
/// Weak: the data source holds the provider, which holds this box, so a strong reference
/// back would be a cycle that keeps the data source (and everything it reaches) alive after
/// the test. The test's own local keeps the data source alive while it runs.
@MainActor
final class Late<Value: AnyObject> {
  weak var value: Value!
}
