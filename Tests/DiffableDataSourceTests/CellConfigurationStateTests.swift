import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

/// A custom content that looks different when selected, as UIKit's `updated(for:)` allows.
struct BadgeContent: CustomContentConfiguration, Hashable {
  static let rendererName = "badge"
  var title: String
  var isEmphasized = false
  var accessibilityText: String? { isEmphasized ? "\(title) (selected)" : title }

  func updated(for state: CellConfigurationState) -> BadgeContent {
    var copy = self
    copy.isEmphasized = state.isSelected
    return copy
  }
}

@MainActor
@Suite("Cells: configuration state and update handlers")
struct CellConfigurationStateTests {
  /// A list whose cells record every state their handler saw.
  final class Seen {
    var states: [Int: [CellConfigurationState]] = [:]
  }

  func makeList(_ ids: [Int], seen: Seen) -> (
    RecordingListView, CollectionViewDiffableDataSource<Int, Int>
  ) {
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = "Item \(id)"
      cell.contentConfiguration = content
      cell.configurationUpdateHandler = { cell, state in
        seen.states[id, default: []].append(state)
        var content = cell.listContentConfiguration ?? .cell()
        content.secondaryText = state.isSelected ? "selected" : (state.isEditing ? "editing" : nil)
        cell.contentConfiguration = content
      }
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
      view, indexPath, id in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(ids)
    dataSource.apply(snapshot)
    return (view, dataSource)
  }

  @Test func theHandlerRunsBeforeACellIsFirstShown() {
    let seen = Seen()
    let (view, _) = makeList([1, 2], seen: seen)
    #expect(view.renderedRows == ["Item 1", "Item 2"])
    #expect(seen.states[1]?.last == CellConfigurationState())
  }

  @Test func selectingRestylesTheCell() {
    let seen = Seen()
    let (view, _) = makeList([1, 2], seen: seen)
    view.select(path(0, 1))
    #expect(view.renderedRows == ["Item 1", "Item 2 · selected"])
    #expect(seen.states[2]?.last?.isSelected == true)
    view.select(path(0, 0))
    #expect(view.renderedRows == ["Item 1 · selected", "Item 2"])
  }

  @Test func editingRestylesEveryShownCell() {
    let seen = Seen()
    let (view, _) = makeList([1, 2], seen: seen)
    view.isEditing = true
    #expect(view.renderedRows == ["Item 1 · editing", "Item 2 · editing"])
    view.isEditing = false
    #expect(view.renderedRows == ["Item 1", "Item 2"])
    #expect(seen.states[1]?.map(\.isEditing) == [false, true, false])
  }

  @Test func aReconfigureKeepsTheStateAndRunsTheHandlerAgain() {
    let seen = Seen()
    let (view, dataSource) = makeList([1, 2], seen: seen)
    view.select(path(0, 0))
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems([1])
    dataSource.apply(snapshot)
    #expect(view.renderedRows.first == "Item 1 · selected")
    #expect(view.cell(at: path(0, 0))?.configurationState.isSelected == true)
  }

  @Test func expandedOutlineItemsAreSoInTheirState() {
    let view = RecordingListView()
    var expandedStates: [String: Bool] = [:]
    let registration = CellRegistration<ListCell, String> { cell, _, item in
      cell.contentConfiguration = ListContentConfiguration.cell()
      cell.accessories = [.outlineDisclosure()]
      cell.configurationUpdateHandler = { _, state in expandedStates[item] = state.isExpanded }
    }
    let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
      view, indexPath, item in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["root"])
    outline.append(["child"], to: "root")
    outline.expand(["root"])
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    dataSource.apply(snapshot)
    dataSource.apply(outline, to: 0)
    #expect(expandedStates == ["root": true, "child": false])
  }

  @Test func aCustomContentIsUpdatedForTheStateAutomatically() {
    let cell = ListCell()
    cell.contentConfiguration = BadgeContent(title: "Soup")
    cell.isSelected = true
    #expect((cell.contentConfiguration as? BadgeContent)?.isEmphasized == true)
    #expect(RecordingListView.render(cell) == "Soup (selected)")
    cell.automaticallyUpdatesContentConfiguration = false
    cell.isSelected = false
    #expect((cell.contentConfiguration as? BadgeContent)?.isEmphasized == true)
  }

  @Test func settingTheSameSelectionDoesNotRestyle() {
    let cell = ListCell()
    var runs = 0
    cell.configurationUpdateHandler = { _, _ in runs += 1 }
    #expect(runs == 0, "setting a handler runs nothing until the cell is shown")
    cell.isSelected = false
    #expect(runs == 0)
    cell.isSelected = true
    #expect(runs == 1)
    #expect(cell.stateUpdateCount == 1)
  }

  /// Regression (second reader): a handler set before the accessories it styles ran at
  /// once and indexed an empty array; one that asked again recursed without end.
  @Test func aHandlerRunsWhenShownAndNeverNests() {
    let cell = ListCell()
    var states: [Bool] = []
    cell.configurationUpdateHandler = { cell, state in
      states.append(state.isSelected)
      cell.accessories[0].tintColor = state.isSelected ? .systemRed : nil
      // Changing the state from the handler asks for another pass, not a nested one.
      if !state.isSelected { cell.isSelected = true }
      cell.setNeedsUpdateConfiguration()
    }
    cell.accessories = [.checkmark()]
    cell.applyConfigurationState(CellConfigurationState())
    #expect(states.first == false)
    #expect(states.count == 4, "bounded passes: \(states)")
    #expect(cell.isSelected)
    #expect(cell.accessories[0].tintColor == .systemRed)
  }

  @Test func reuseClearsTheState() {
    let cell = ListCell()
    cell.applyConfigurationState(CellConfigurationState(isSelected: true, isEditing: true))
    cell.contentConfiguration = BadgeContent(title: "x")
    cell.prepareForReuse()
    #expect(cell.configurationState == CellConfigurationState())
    #expect(cell.contentConfiguration == nil)
    #expect(!cell.isSelected)
  }

  @Test func customContentRendersByItsTextOrRendererName() {
    struct Silent: CustomContentConfiguration {
      static let rendererName = "silent"
    }
    let cell = ListCell()
    cell.contentConfiguration = Silent()
    #expect(RecordingListView.render(cell) == "<silent>")
    #expect(cell.listContentConfiguration == nil)
    cell.contentConfiguration = ListContentConfiguration.cell()
    #expect(cell.listContentConfiguration == .cell())
  }
}
