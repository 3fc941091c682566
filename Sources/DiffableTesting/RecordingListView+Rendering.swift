import DiffableDataSource

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What the view shows, as text a test can compare.
extension RecordingListView {
  /// The primary text of every cell shown, sections in order (a custom content's
  /// `accessibilityText`, or its renderer's name in angle brackets).
  public var rows: [String] {
    cells.joined().map { Self.primaryText(of: $0) }
  }

  /// Every cell shown, sections in order, rendered as one line: its text, its secondary
  /// text after ` · `, then the accessories the list shows in its editing state, in
  /// brackets, such as `Tomato Soup · 25 min [symbol:heart.fill, disclosure]`.
  public var renderedRows: [String] {
    cells.joined().map { Self.render($0, isEditing: isEditing) }
  }

  /// One cell rendered as a line (see ``renderedRows``), with the accessories shown in a
  /// list that is editing or not: a `.delete()`, shown only while editing by default, is
  /// left out of a list that is not, as UIKit hides it.
  public static func render(_ cell: ListCell, isEditing: Bool = false) -> String {
    var line = primaryText(of: cell)
    if let secondary = cell.listContentConfiguration?.secondaryText { line += " · \(secondary)" }
    let accessories = cell.accessories.filter { $0.isDisplayed(isEditing: isEditing) }.map {
      render($0.kind)
    }
    if !accessories.isEmpty { line += " [\(accessories.joined(separator: ", "))]" }
    return line
  }

  static func primaryText(of cell: ListCell) -> String {
    switch cell.contentConfiguration {
    case let list as ListContentConfiguration: list.text ?? ""
    case let custom as any CustomContentConfiguration:
      custom.accessibilityText ?? "<\(type(of: custom).rendererName)>"
    default: ""
    }
  }

  /// A short name for an accessory: `disclosure`, `outline`, `checkmark`, `delete`,
  /// `insert`, `reorder`, `detail`, `label:TEXT` or `symbol:NAME`.
  public static func render(_ kind: CellAccessory.Kind) -> String {
    switch kind {
    case .disclosureIndicator: "disclosure"
    case .outlineDisclosure: "outline"
    case .checkmark: "checkmark"
    case .delete: "delete"
    case .insert: "insert"
    case .reorder: "reorder"
    case .detail: "detail"
    case .label(let text): "label:\(text)"
    case .symbol(let name, _): "symbol:\(name)"
    }
  }

  /// The cell shown at an index path, if any.
  public func cell(at indexPath: IndexPath) -> ListCell? {
    guard indexPath.count == 2, shownCells.contains(section: indexPath[0], item: indexPath[1])
    else { return nil }
    return shownCells[indexPath[0], indexPath[1]]
  }
}
