// A to-do list written as one writes it for UIKit, with UIKit's names: it builds here with
// `import DiffableUIKitNames` where UIKit code has `import UIKit`, and the only lines that
// differ from a UIKit app's are marked "port:" (a view controller base class and a
// `UICollectionView` instance, which a headless list has no use for).
#if !canImport(UIKit)
  import DiffableUIKitNames
  import Foundation

  @MainActor
  final class ToDoListViewController {  // port: UIKit's subclasses UIViewController
    enum Section: Hashable {
      case open, done
    }

    /// A class, as many UIKit apps use for their model: hashed by identity.
    final class ToDo: Hashable {
      var title: String
      var isDone = false
      init(title: String) { self.title = title }
      static func == (lhs: ToDo, rhs: ToDo) -> Bool { lhs === rhs }
      func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    var toDos: [ToDo] = []
    var dataSource: UICollectionViewDiffableDataSource<Section, ToDo>!
    var deleted: [String] = []
    var details: [String] = []

    func configureDataSource(collectionView: any ListView) {  // port: UICollectionView
      let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, ToDo> {
        [weak self] cell, indexPath, toDo in
        var content = cell.defaultContentConfiguration()
        content.text = toDo.title
        content.image = UIImage(systemName: toDo.isDone ? "checkmark.circle.fill" : "circle")
        cell.contentConfiguration = content
        cell.accessories = [
          .delete(displayed: .whenEditing, actionHandler: { self?.delete(toDo) }),
          .reorder(displayed: .whenEditing),
          .detail(options: UICellAccessory.DetailOptions(tintColor: .systemBlue)) {
            self?.details.append(toDo.title)
          },
        ]
        cell.configurationUpdateHandler = { cell, state in
          guard var content = cell.contentConfiguration as? UIListContentConfiguration else {
            return
          }
          content.secondaryText = state.isSelected ? "selected" : nil
          cell.contentConfiguration = content
        }
      }

      let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: UICollectionView.elementKindSectionHeader
      ) { [weak self] header, elementKind, indexPath in
        guard let self else { return }
        var content = UIListContentConfiguration.groupedHeader()
        content.text =
          self.dataSource.sectionIdentifier(for: indexPath.section) == .open ? "To do" : "Done"
        header.contentConfiguration = content
      }

      dataSource = UICollectionViewDiffableDataSource<Section, ToDo>(collectionView: collectionView)
      {
        collectionView, indexPath, toDo in
        collectionView.dequeueConfiguredReusableCell(
          using: cellRegistration, for: indexPath, item: toDo)
      }
      dataSource.supplementaryViewProvider = { collectionView, elementKind, indexPath in
        collectionView.dequeueConfiguredReusableSupplementary(
          using: headerRegistration, for: indexPath)
      }
      dataSource.reorderingHandlers.canReorderItem = { toDo in !toDo.isDone }
      dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
        guard let self else { return }
        self.toDos = transaction.finalSnapshot.itemIdentifiers + self.toDos.filter(\.isDone)
      }
    }

    func swipeActions() -> UICollectionLayoutListConfiguration {
      var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
      configuration.headerMode = .supplementary
      configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
        guard let self, let toDo = self.dataSource.itemIdentifier(for: indexPath) else {
          return nil
        }
        let delete = UIContextualAction(style: .destructive, title: "Delete") {
          [weak self] action, sourceView, completion in
          self?.delete(toDo)
          completion(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
      }
      return configuration
    }

    func applySnapshot(animatingDifferences: Bool = true) {
      var snapshot = NSDiffableDataSourceSnapshot<Section, ToDo>()
      snapshot.appendSections([.open, .done])
      snapshot.appendItems(toDos.filter { !$0.isDone }, toSection: .open)
      snapshot.appendItems(toDos.filter(\.isDone), toSection: .done)
      dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    func add(_ title: String) {
      toDos.append(ToDo(title: title))
      applySnapshot()
    }

    func toggle(_ toDo: ToDo) {
      toDo.isDone.toggle()
      var snapshot = dataSource.snapshot()
      snapshot.reconfigureItems([toDo])
      dataSource.apply(snapshot, animatingDifferences: false)
      applySnapshot()
    }

    func delete(_ toDo: ToDo) {
      deleted.append(toDo.title)
      toDos.removeAll { $0 === toDo }
      var snapshot = dataSource.snapshot()
      snapshot.deleteItems([toDo])
      dataSource.apply(snapshot)
    }

    /// A lazily loaded outline, expanded by the user: children come from the handler.
    func outline(_ roots: [ToDo], children: [ToDo]) -> NSDiffableDataSourceSectionSnapshot<ToDo> {
      var sectionSnapshot = NSDiffableDataSourceSectionSnapshot<ToDo>()
      sectionSnapshot.append(roots)
      dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
        // The handler receives and returns the parent's children only, as roots.
        var loaded = current
        if loaded.items.isEmpty { loaded.append(children) }
        return loaded
      }
      return sectionSnapshot
    }
  }
#endif
