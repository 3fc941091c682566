/// The state a cell is shown in, which an update handler styles it for (the counterpart of
/// UIKit's `UICellConfigurationState`).
///
/// A view sets it on each cell it shows (``ListCell/applyConfigurationState(_:)``) before the
/// cell is first rendered and whenever a part of it changes; the cell then runs
/// ``ListCell/updateConfiguration(using:)``, which calls its
/// ``ListCell/configurationUpdateHandler``.
///
/// What each view knows differs: `RecordingListView` tracks every flag its interactions
/// change; the browser view knows on the server only what the page reports (selection,
/// expansion), and hands the page-local parts (highlight, focus, an open swipe, editing) to
/// the page's own renderer instead.
public struct CellConfigurationState: Hashable, Sendable {
  /// Whether the cell is selected.
  public var isSelected: Bool
  /// Whether the user is pressing the cell.
  public var isHighlighted: Bool
  /// Whether the cell has keyboard focus.
  public var isFocused: Bool
  /// Whether the cell is disabled.
  public var isDisabled: Bool
  /// Whether the list is in editing mode.
  public var isEditing: Bool
  /// Whether the cell's outline item is expanded.
  public var isExpanded: Bool
  /// Whether the cell's swipe actions are showing.
  public var isSwiped: Bool
  /// Whether the user is dragging the cell to reorder it.
  public var isReordering: Bool

  /// Creates a state; every flag defaults to `false`.
  public init(
    isSelected: Bool = false, isHighlighted: Bool = false, isFocused: Bool = false,
    isDisabled: Bool = false, isEditing: Bool = false, isExpanded: Bool = false,
    isSwiped: Bool = false, isReordering: Bool = false
  ) {
    self.isSelected = isSelected
    self.isHighlighted = isHighlighted
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.isEditing = isEditing
    self.isExpanded = isExpanded
    self.isSwiped = isSwiped
    self.isReordering = isReordering
  }
}
