import DiffableDataSource

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What a user does to a list, acted out for tests. Each goes where a real view sends it:
// selection and accessories to the delegate, disclosure and reordering to the data source,
// swipe actions to the list configuration's handlers.
extension RecordingListView {
  /// Selects the item at `indexPath` (deselecting the others) and tells the delegate.
  ///
  /// - Precondition: `indexPath` names a shown item.
  public func select(_ indexPath: IndexPath) {
    let cell = shownCell(at: indexPath, "select(_:)")
    for other in cells.joined() { other.isSelected = false }
    cell.isSelected = true
    delegate?.listView(self, didSelectItemAt: indexPath)
  }

  /// Selects the item at `indexPath` from code, or clears the selection; the delegate is
  /// not told.
  public func selectItem(at indexPath: IndexPath?) {
    for cell in cells.joined() { cell.isSelected = false }
    if let indexPath { shownCell(at: indexPath, "selectItem(at:)").isSelected = true }
  }

  /// The index paths of the selected cells.
  public var selectedIndexPaths: [IndexPath] {
    var selected: [IndexPath] = []
    for (section, row) in cells.enumerated() {
      for (item, cell) in row.enumerated() where cell.isSelected {
        selected.append(IndexPath(indexes: [section, item]))
      }
    }
    return selected
  }

  /// Clicks the outline disclosure control of the item at `indexPath`: asks the data
  /// source to expand it (or collapse it, if expanded). Returns whether the data source
  /// did; `false` also when the cell shows no outline disclosure accessory, as there is
  /// nothing to click, and when the accessory has an `actionHandler`, which runs instead.
  @discardableResult
  public func toggleDisclosure(at indexPath: IndexPath) -> Bool {
    let cell = shownCell(at: indexPath, "toggleDisclosure(at:)")
    let disclosure = cell.accessories.first {
      if case .outlineDisclosure = $0.kind { !$0.isHidden } else { false }
    }
    guard let disclosure, let dataSource else { return false }
    // A handler of its own replaces expanding and collapsing, as in UIKit.
    if let handler = disclosure.actionHandler {
      handler()
      return false
    }
    let expanded = dataSource.listView(self, outlineStateForItemAt: indexPath)?.isExpanded ?? false
    return dataSource.listView(self, setExpanded: !expanded, forItemAt: indexPath)
  }

  /// Drags the item at `source` to `destination` (a position in the state after the move),
  /// as a user reorders: if the data source allows it, the view moves the cell itself and
  /// reports the move. Returns whether the move happened.
  @discardableResult
  public func moveItem(from source: IndexPath, to destination: IndexPath) -> Bool {
    checkNotUpdating("moveItem(from:to:)")
    _ = shownCell(at: source, "moveItem(from:to:)")
    guard let dataSource, dataSource.listView(self, canMoveItemAt: source) else { return false }
    precondition(
      destination.count == 2 && shownCells.rows.indices.contains(destination[0]),
      "moveItem(from:to:): destination \(destination) names no section")
    let moving = shownCells.rows[source[0]].remove(at: source[1])
    precondition(
      destination[1] >= 0 && destination[1] <= shownCells.rows[destination[0]].count,
      "moveItem(from:to:): destination \(destination) is out of range")
    shownCells.rows[destination[0]].insert(moving, at: destination[1])
    shown.moveItem(at: source, to: destination)
    dataSource.listView(self, moveItemAt: source, to: destination)
    return true
  }

  /// Activates an accessory of the cell at `indexPath` (a delete control, say) and tells
  /// the delegate.
  ///
  /// - Precondition: The cell shows an accessory of that kind.
  public func activateAccessory(_ kind: CellAccessory.Kind, at indexPath: IndexPath) {
    let cell = shownCell(at: indexPath, "activateAccessory(_:at:)")
    guard let accessory = cell.accessories.first(where: { $0.kind == kind }) else {
      preconditionFailure(
        "activateAccessory(_:at:): the cell at \(indexPath) has no \(kind) accessory "
          + "(it has \(cell.accessories.map(\.kind)))")
    }
    delegate?.listView(self, didActivateAccessory: accessory, forItemAt: indexPath)
    accessory.actionHandler?()
  }

  /// The swipe actions the list configuration offers for the item at `indexPath`.
  public func swipeActions(
    at indexPath: IndexPath, edge: ListLayoutConfiguration.SwipeEdge
  ) -> SwipeActionsConfiguration? {
    _ = shownCell(at: indexPath, "swipeActions(at:edge:)")
    return listConfiguration?.swipeActionsConfiguration(for: edge, at: indexPath)
  }

  /// Swipes the item at `indexPath` and taps the action with the given title; returns
  /// what the action's completion reported (`nil` if there was no such action).
  @discardableResult
  public func performSwipeAction(
    titled title: String, at indexPath: IndexPath, edge: ListLayoutConfiguration.SwipeEdge
  ) -> Bool? {
    guard let configuration = swipeActions(at: indexPath, edge: edge),
      let action = configuration.actions.first(where: { $0.title == title })
    else { return nil }
    var performed: Bool?
    action.perform { performed = $0 }
    return performed
  }

  func shownCell(at indexPath: IndexPath, _ method: StaticString) -> ListCell {
    guard indexPath.count == 2, shownCells.contains(section: indexPath[0], item: indexPath[1])
    else {
      preconditionFailure("\(method): no item is shown at \(indexPath)")
    }
    return shownCells[indexPath[0], indexPath[1]]
  }
}
