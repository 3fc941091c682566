import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Accessories: UIKit's shapes, handlers and displayed states")
struct AccessoryUIKitShapesTests {
  @Test func uikitOptionsMapOntoTheAccessory() {
    let outline = CellAccessory.outlineDisclosure(
      displayed: .always, options: .init(style: .header, isHidden: true, tintColor: .systemRed))
    #expect(outline.kind == .outlineDisclosure(style: .header))
    #expect(outline.isHidden)
    #expect(outline.tintColor == .systemRed)
    let delete = CellAccessory.delete(
      displayed: .always,
      options: CellAccessory.DeleteOptions(
        reservedLayoutWidth: .custom(20), backgroundColor: .systemRed))
    #expect(delete.displayed == .always)
    #expect(delete.placement == .leading)
    #expect(!delete.isHidden)
    #expect(
      CellAccessory.label(text: "3", options: .init(tintColor: .secondaryLabel)).tintColor
        == .secondaryLabel)
    // Plain arguments win over the options'.
    #expect(
      CellAccessory.checkmark(options: .init(tintColor: .systemRed), tintColor: .systemBlue)
        .tintColor == .systemBlue)
    // Options without a style of their own keep the style argument (UIKit's .automatic).
    let header = CellAccessory.outlineDisclosure(
      style: .header, options: .init(tintColor: .systemRed))
    #expect(header.kind == .outlineDisclosure(style: .header))
    #expect(header.tintColor == .systemRed)
    // The flattened spellings still work.
    #expect(CellAccessory.outlineDisclosure(style: .header) == outline.withHidden(false, tint: nil))
  }

  @Test func handlersAreNotPartOfTheValue() {
    let plain = CellAccessory.detail()
    let handled = CellAccessory.detail(actionHandler: {})
    #expect(plain == handled)
    #expect(plain.hashValue == handled.hashValue)
    #expect(plain.actionHandler == nil && handled.actionHandler != nil)
  }

  @Test func aTapRunsTheHandlerAfterTellingTheDelegate() {
    final class Log: ListViewDelegate {
      var events: [String] = []
      func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {}
      func listView(
        _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
        forItemAt indexPath: IndexPath
      ) { events.append("delegate \(indexPath)") }
    }
    let log = Log()
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      cell.contentConfiguration = ListContentConfiguration.cell()
      cell.accessories = [.detail(actionHandler: { log.events.append("handler \(id)") })]
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
      view, indexPath, id in
      // The provider reaches the delegate through `any ListView`, as UIKit code does.
      if view.delegate == nil { view.delegate = log }
      return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([7])
    dataSource.apply(snapshot)
    #expect(view.delegate === log)
    view.activateAccessory(.detail, at: path(0, 0))
    #expect(log.events == ["delegate [0, 0]", "handler 7"])
  }

  @Test func anOutlineDisclosureHandlerReplacesExpanding() {
    let view = RecordingListView()
    var taps = 0
    let registration = CellRegistration<ListCell, String> { cell, _, _ in
      cell.contentConfiguration = ListContentConfiguration.cell()
      cell.accessories = [.outlineDisclosure(actionHandler: { taps += 1 })]
    }
    let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
      view, indexPath, item in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    dataSource.apply(snapshot)
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["root"])
    outline.append(["child"], to: "root")
    dataSource.apply(outline, to: 0)
    #expect(view.toggleDisclosure(at: path(0, 0)) == false)
    #expect(taps == 1)
    #expect(view.rows.count == 1, "the handler ran instead of expanding")
  }

  @Test func deleteShowsOnlyWhileEditingAsInUIKit() {
    let cell = ListCell()
    cell.contentConfiguration = ListContentConfiguration.cell()
    cell.listContentConfigurationText("Soup")
    cell.accessories = [.delete(), .disclosureIndicator(), .checkmark(displayed: .whenNotEditing)]
    #expect(RecordingListView.render(cell) == "Soup [disclosure, checkmark]")
    #expect(RecordingListView.render(cell, isEditing: true) == "Soup [delete, disclosure]")
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, Int> { cell, _, _ in
      var content = cell.defaultContentConfiguration()
      content.text = "Soup"
      cell.contentConfiguration = content
      cell.accessories = [.delete(), .reorder()]
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
      view, indexPath, id in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1])
    dataSource.apply(snapshot)
    #expect(view.renderedRows == ["Soup"])
    view.isEditing = true
    #expect(view.renderedRows == ["Soup [delete, reorder]"])
  }
}

extension CellAccessory {
  fileprivate func withHidden(_ hidden: Bool, tint: SemanticColor?) -> CellAccessory {
    var copy = self
    copy.isHidden = hidden
    copy.tintColor = tint
    return copy
  }
}

extension ListCell {
  fileprivate func listContentConfigurationText(_ text: String) {
    var content = listContentConfiguration ?? .cell()
    content.text = text
    contentConfiguration = content
  }
}

@MainActor
@Suite("ListView.delegate's default")
struct ListViewDelegateDefaultTests {
  final class Nobody: ListViewDelegate {
    func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {}
  }

  @Test func aViewWithoutStorageIgnoresItsDelegate() {
    let view: any ListView = SilentListView()
    let nobody = Nobody()
    view.delegate = nobody
    #expect(view.delegate == nil)
    let recording: any ListView = RecordingListView()
    recording.delegate = nobody
    #expect(recording.delegate === nobody)
  }
}
