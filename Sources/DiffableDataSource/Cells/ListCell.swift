/// A renderer-neutral cell: what a row shows, as values a list view renders (the
/// counterpart of `UICollectionViewListCell`).
///
/// A registration handler fills ``contentConfiguration`` and ``accessories``; a view
/// renders them its own way (the browser view as HTML, `RecordingListView` as text). A
/// cell is an object: reconfiguring an item runs the handler again on the *same* cell, so
/// state tied to it (selection, focus, an open swipe) survives, while reloading gives the
/// item a new cell.
///
/// Subclass it for cells with more content; keep added state in stored properties.
@MainActor
open class ListCell {
  /// The reuse identifier of the registration that made the cell.
  public internal(set) var reuseIdentifier: String?

  /// What the cell shows: text, secondary text, image.
  open var contentConfiguration: ListContentConfiguration?

  /// The cell's accessories, leading and trailing.
  open var accessories: [CellAccessory] = []

  /// Whether the cell is selected. Views keep it across reconfigures.
  open var isSelected = false

  /// How many times a registration handler has configured this cell object.
  public internal(set) var configurationCount = 0

  /// Creates an empty cell.
  public required init() {}

  /// A content configuration with the default style for this kind of cell, to fill and
  /// assign to ``contentConfiguration``.
  open func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

  /// Called before a view hands out the cell again for another item.
  open func prepareForReuse() {
    contentConfiguration = nil
    accessories = []
    isSelected = false
  }
}
