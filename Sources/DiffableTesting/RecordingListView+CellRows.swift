import DiffableDataSource

/// The cells a `RecordingListView` shows, by section.
///
/// Rows hold unmanaged references, and the store owns one retain per cell shown. A batch
/// rebuilds every row; with strong references that meant a retain and a release for every
/// row of every batch, which cost as much as checking the batch. Here carrying a cell over
/// copies a word, and only cells that come or go change a reference count.
///
/// Ownership moves only through ``adopt(_:)`` (a cell starts being shown) and
/// ``release(_:)`` (it stops): every reference in ``rows`` is adopted exactly once.
final class CellRows {
  /// The cells shown, by section. Rearranging them freely is fine; adding or dropping one
  /// goes through ``adopt(_:)`` and ``release(_:)``.
  var rows: [[Unmanaged<ListCell>]] = []

  deinit {
    for row in rows { for cell in row { cell.release() } }
  }

  /// Takes a retain on a cell that starts being shown.
  func adopt(_ cell: ListCell) -> Unmanaged<ListCell> { .passRetained(cell) }

  /// Gives back the retain of a cell that stops being shown.
  func release(_ cell: Unmanaged<ListCell>) -> ListCell { cell.takeRetainedValue() }

  /// The cell at a position, which must exist.
  subscript(section: Int, item: Int) -> ListCell {
    rows[section][item].takeUnretainedValue()
  }

  /// Whether a position holds a cell.
  func contains(section: Int, item: Int) -> Bool {
    rows.indices.contains(section) && rows[section].indices.contains(item)
  }

  /// Every cell, as strong references.
  var all: [[ListCell]] { rows.map { $0.map { $0.takeUnretainedValue() } } }

  /// Stops showing every cell and returns them, in order.
  func removeAll() -> [ListCell] {
    // Emptied first, so the rows never name a freed cell.
    let old = rows
    rows = []
    return old.joined().map { release($0) }
  }
}
