import DiffableDataSource

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What the view shows, as text a test can compare.
extension RecordingListView {
  /// The primary text of every cell shown, sections in order.
  public var rows: [String] {
    cells.joined().map { $0.contentConfiguration?.text ?? "" }
  }

  /// Every cell shown, sections in order, rendered as one line: its text, its secondary
  /// text after ` · `, then its accessories in brackets, such as
  /// `Tomato Soup · 25 min [symbol:heart.fill, disclosure]`.
  public var renderedRows: [String] {
    cells.joined().map(Self.render)
  }

  /// One cell rendered as a line (see ``renderedRows``).
  public static func render(_ cell: ListCell) -> String {
    var line = cell.contentConfiguration?.text ?? ""
    if let secondary = cell.contentConfiguration?.secondaryText { line += " · \(secondary)" }
    let accessories = cell.accessories.filter { !$0.isHidden }.map { render($0.kind) }
    if !accessories.isEmpty { line += " [\(accessories.joined(separator: ", "))]" }
    return line
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
