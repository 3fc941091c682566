/// A data source that drives a table-style ``ListView`` from snapshots (the counterpart of
/// `UITableViewDiffableDataSource`).
///
/// The same engine as ``CollectionViewDiffableDataSource``, plus ``defaultRowAnimation``.
/// Reordering uses ``DiffableListDataSource/reorderingHandlers`` (UIKit's table data
/// source uses overridable methods instead).

open class TableViewDiffableDataSource<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
>: DiffableListDataSource<SectionIdentifierType, ItemIdentifierType> {
  /// How rows appear and disappear (the counterpart of `UITableView.RowAnimation`).
  public enum RowAnimation: Hashable, Sendable {
    /// The view's own choice.
    case automatic
    /// Rows fade.
    case fade
    /// Rows slide to or from the right.
    case right
    /// Rows slide to or from the left.
    case left
    /// Rows slide to or from the top.
    case top
    /// Rows slide to or from the bottom.
    case bottom
    /// Rows stay in place while they appear or disappear.
    case middle
    /// No animation: batches apply as with `animatingDifferences: false`.
    case none
  }

  /// The animation for inserted, deleted and reloaded rows. ``RowAnimation/none`` turns
  /// animation off for every apply; the other styles are the view's to render (a
  /// ``ListView`` receives only whether to animate).
  public var defaultRowAnimation: RowAnimation = .automatic

  /// Creates a data source that drives `tableView`, making cells with `cellProvider`.
  public init(tableView: any ListView, cellProvider: @escaping CellProvider) {
    super.init(listView: tableView, cellProvider: cellProvider)
  }

  override func _animates(_ requested: Bool) -> Bool {
    requested && defaultRowAnimation != .none
  }
}
