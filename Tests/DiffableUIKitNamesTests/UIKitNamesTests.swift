#if !canImport(UIKit)
  import DiffableTesting
  import DiffableUIKitNames
  import Foundation
  import Testing

  @MainActor
  @Suite("UIKit's names: a to-do list written for UIKit")
  struct UIKitNamesTests {
    func makeList() -> (ToDoListViewController, RecordingListView) {
      let controller = ToDoListViewController()
      let view = RecordingListView()
      controller.configureDataSource(collectionView: view)
      view.listConfiguration = controller.swipeActions()
      controller.toDos = ["Milk", "Eggs", "Bread"].map(ToDoListViewController.ToDo.init)
      controller.applySnapshot(animatingDifferences: false)
      return (controller, view)
    }

    @Test func theListShowsWhatTheUIKitCodeBuilt() {
      let (_, view) = makeList()
      #expect(view.rows == ["Milk", "Eggs", "Bread"])
      #expect(view.headers.map { $0?.listContentConfiguration?.text } == ["To do", "Done"])
      #expect(view.renderedRows == ["Milk [detail]", "Eggs [detail]", "Bread [detail]"])
      view.isEditing = true
      #expect(view.renderedRows.first == "Milk [delete, reorder, detail]")
    }

    @Test func toggleMovesTheItemToDoneWithAReconfigureAndAMove() {
      let (controller, view) = makeList()
      controller.toggle(controller.toDos[1])
      #expect(view.model.itemIdentifiers.count == 3)
      #expect(view.rows == ["Milk", "Bread", "Eggs"])
      #expect(
        view.cell(at: IndexPath(item: 0, section: 1))?.listContentConfiguration?.image
          == .symbol("checkmark.circle.fill"))
      #expect(view.rejectedBatches.isEmpty)
    }

    @Test func accessoryAndSwipeHandlersRun() {
      let (controller, view) = makeList()
      view.activateAccessory(.detail, at: IndexPath(item: 2, section: 0))
      #expect(controller.details == ["Bread"])
      view.isEditing = true
      view.activateAccessory(.delete, at: IndexPath(item: 0, section: 0))
      #expect(controller.deleted == ["Milk"])
      #expect(
        view.performSwipeAction(
          titled: "Delete", at: IndexPath(item: 0, section: 0), edge: .trailing) == true)
      #expect(controller.deleted == ["Milk", "Eggs"])
      #expect(view.rows == ["Bread"])
    }

    @Test func selectionRunsTheUpdateHandler() {
      let (_, view) = makeList()
      view.select(IndexPath(item: 1, section: 0))
      #expect(view.renderedRows[1] == "Eggs · selected [detail]")
    }

    @Test func reorderingReachesTheHandler() {
      let (controller, view) = makeList()
      #expect(
        view.moveItem(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0)))
      #expect(controller.toDos.map(\.title) == ["Bread", "Milk", "Eggs"])
    }

    @Test func aLazyOutlineExpandsWithChildrenAsRoots() {
      let (controller, view) = makeList()
      let parent = ToDoListViewController.ToDo(title: "Groceries")
      let child = ToDoListViewController.ToDo(title: "Apples")
      // The outline's parent needs a disclosure to be clickable; give it one.
      let outline = controller.outline([parent], children: [child])
      controller.dataSource.apply(outline, to: .done)
      #expect(view.rows.suffix(1) == ["Groceries"])
      #expect(
        controller.dataSource.listView(
          view, setExpanded: true, forItemAt: IndexPath(item: 0, section: 1)))
      #expect(view.rows.suffix(2) == ["Groceries", "Apples"])
      #expect(controller.dataSource.snapshot(for: .done).parent(of: child) === parent)
    }

    @Test func uikitSpellingsAreTheLibrarysTypes() {
      #expect(
        NSDiffableDataSourceSnapshot<Int, Int>.self == DiffableDataSourceSnapshot<Int, Int>.self)
      #expect(UICollectionView.elementKindSectionHeader == ListElementKind.header)
      #expect(UICollectionView.elementKindSectionFooter == ListElementKind.footer)
      #expect(UIImage(named: "soup") == ListImage.asset("soup"))
      #expect(
        UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)).appearance
          == .plain)
      #expect(UIColor.systemRed == SemanticColor.systemRed)
    }
  }
#endif
