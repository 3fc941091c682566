/// A renderer-neutral cell: what a row shows, as values a list view renders (the
/// counterpart of `UICollectionViewListCell`).
///
/// A registration handler fills ``contentConfiguration`` and ``accessories``; a view
/// renders them its own way (the browser view as HTML, `RecordingListView` as text). A
/// cell is an object: reconfiguring an item runs the handler again on the *same* cell, so
/// state tied to it (selection, focus, an open swipe) survives, while reloading gives the
/// item a new cell.
///
/// Subclass it for cells with more content, and show that content through a
/// ``CustomContentConfiguration``: the view renders only the configuration and the
/// accessories, never stored properties of its own.
///
/// Like UIKit's cells, a cell restyles itself for its state (selected, editing,
/// expanded, …): set ``configurationUpdateHandler``, or override
/// ``updateConfiguration(using:)``; the view calls it before the cell is first shown and
/// whenever its ``configurationState`` changes.
open class ListCell {
  /// Styles a cell for a state (UIKit: `configurationUpdateHandler`).
  public typealias ConfigurationUpdateHandler =
    (ListCell, CellConfigurationState) ->
    Void

  /// The reuse identifier of the registration that made the cell.
  public internal(set) var reuseIdentifier: String?

  /// What the cell shows: a ``ListContentConfiguration`` (text, secondary text, image) or
  /// a ``CustomContentConfiguration`` the page draws with a renderer of its own.
  open var contentConfiguration: (any ContentConfiguration)?

  /// The cell's content as a ``ListContentConfiguration``, or `nil` when it has none or a
  /// custom one. Saves a cast where UIKit code would write
  /// `cell.contentConfiguration as? UIListContentConfiguration`.
  public var listContentConfiguration: ListContentConfiguration? {
    contentConfiguration as? ListContentConfiguration
  }

  /// The cell's accessories, leading and trailing.
  open var accessories: [CellAccessory] = []

  /// Whether ``updateConfiguration(using:)`` replaces ``contentConfiguration`` with its
  /// `updated(for:)` value (UIKit's property of the same name). On by default.
  open var automaticallyUpdatesContentConfiguration = true

  /// Runs from ``updateConfiguration(using:)``: restyle the cell for the state.
  ///
  /// Setting it runs nothing at once (a registration handler usually sets it before the
  /// content and accessories it touches): the view runs it when it shows the cell. A cell
  /// outside any view restyles on ``setNeedsUpdateConfiguration()``.
  open var configurationUpdateHandler: ConfigurationUpdateHandler?

  /// The state the cell is shown in. Views set it through
  /// ``applyConfigurationState(_:)``; selecting the cell changes ``isSelected`` here.
  public private(set) var configurationState = CellConfigurationState()

  /// Whether the cell is selected. Views keep it across reconfigures; a change restyles
  /// the cell (``updateConfiguration(using:)``).
  open var isSelected: Bool {
    get { configurationState.isSelected }
    set {
      guard newValue != configurationState.isSelected else { return }
      configurationState.isSelected = newValue
      setNeedsUpdateConfiguration()
    }
  }

  /// How many times a registration handler has configured this cell object.
  public internal(set) var configurationCount = 0

  /// How many times ``updateConfiguration(using:)`` ran on this cell object.
  public private(set) var stateUpdateCount = 0
  /// Set while ``updateConfiguration(using:)`` runs, and when it asked for another pass.
  private var isUpdatingConfiguration = false
  private var needsAnotherUpdate = false

  /// Creates an empty cell.
  public required init() {}

  /// A content configuration with the default style for this kind of cell, to fill and
  /// assign to ``contentConfiguration``.
  open func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

  /// Shows the cell in `state` and restyles it (``updateConfiguration(using:)``). Views
  /// call it before a cell is first rendered and whenever its state changes.
  public func applyConfigurationState(_ state: CellConfigurationState) {
    configurationState = state
    setNeedsUpdateConfiguration()
  }

  /// Restyles the cell for its current state now.
  ///
  /// UIKit defers the update to the next layout pass; here it runs at once, because a view
  /// renders a cell's values when it sends or records them. A view that has already
  /// rendered the cell shows the change at the cell's next reconfigure.
  public func setNeedsUpdateConfiguration() {
    // A handler that asks again, or changes the state, gets one more pass once it returns,
    // never a nested one (which would style the cell for a state already superseded).
    guard !isUpdatingConfiguration else {
      needsAnotherUpdate = true
      return
    }
    isUpdatingConfiguration = true
    defer { isUpdatingConfiguration = false }
    var passes = 0
    repeat {
      needsAnotherUpdate = false
      updateConfiguration(using: configurationState)
      passes += 1
    } while needsAnotherUpdate && passes < Self.maximumUpdatePasses
  }

  /// How many passes one request runs at most, so that a handler that always asks again
  /// cannot loop forever.
  static var maximumUpdatePasses: Int { 4 }

  /// Restyles the cell for `state`: replaces a content configuration with its
  /// `updated(for:)` value (when ``automaticallyUpdatesContentConfiguration``), then runs
  /// ``configurationUpdateHandler``. Override it in a subclass as in UIKit; call `super`.
  open func updateConfiguration(using state: CellConfigurationState) {
    stateUpdateCount += 1
    if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
      contentConfiguration = content.updated(for: state)
    }
    configurationUpdateHandler?(self, state)
  }

  /// Called before a view hands out the cell again for another item.
  open func prepareForReuse() {
    contentConfiguration = nil
    accessories = []
    configurationState = CellConfigurationState()
  }
}
