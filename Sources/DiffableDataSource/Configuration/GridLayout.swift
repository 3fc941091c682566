/// A section laid out as a grid: rows of equally wide items, in a fixed number of columns
/// or as many as fit.
///
/// UIKit builds this from a compositional layout section whose horizontal group repeats an
/// item (`NSCollectionLayoutGroup.horizontal(layoutSize:repeatingSubitem:count:)`); this
/// type names the result, so a renderer can draw it without groups. Section headers and
/// footers, when present, come from the data source's supplementary view provider, as
/// UIKit's boundary supplementary items do.
///
/// The values are checked once, when the layout is made, so the properties are read-only.
///
/// The JSON form is
/// `{"columns": {"count": 3, "kind": "count"}, "contentInsets": {…}, "hasFooter": false,
/// "hasHeader": false, "interItemSpacing": 8, "itemHeight": {"kind": "fractionalWidth",
/// "value": 0.33}, "lineSpacing": 8}`.
public struct GridLayout: Sendable, Hashable {
  /// How many columns a grid has.
  public enum Columns: Sendable, Hashable {
    /// Exactly this many columns, whatever the width.
    case count(Int)
    /// As many columns as fit with items at least this wide, in points; the items then
    /// stretch to fill the row (CSS grid's `auto-fill` with `minmax`).
    case adaptive(minimumItemWidth: Double)
  }

  /// How many columns the grid has.
  public let columns: Columns
  /// The height of every item; ``LayoutDimension/fractionalWidth(_:)`` is a fraction of the
  /// section's content width, so `.fractionalWidth(1.0 / 3)` makes square items in three
  /// columns without spacing.
  public let itemHeight: LayoutDimension
  /// The space between items in a row, in points.
  public let interItemSpacing: Double
  /// The space between rows, in points.
  public let lineSpacing: Double
  /// The space around the section's items, in points.
  public let contentInsets: DirectionalEdgeInsets
  /// Whether the section has a header view.
  public let hasHeader: Bool
  /// Whether the section has a footer view.
  public let hasFooter: Bool

  /// Creates a grid layout.
  ///
  /// - Precondition: At least one column, a finite minimum item width above zero, a finite
  ///   item height above zero, finite spacing of zero or more, and finite insets.
  public init(
    columns: Columns,
    itemHeight: LayoutDimension = .estimated(44),
    interItemSpacing: Double = 8,
    lineSpacing: Double = 8,
    contentInsets: DirectionalEdgeInsets = .zero,
    hasHeader: Bool = false,
    hasFooter: Bool = false
  ) {
    self.init(
      unchecked: columns, itemHeight: itemHeight, interItemSpacing: interItemSpacing,
      lineSpacing: lineSpacing, contentInsets: contentInsets, hasHeader: hasHeader,
      hasFooter: hasFooter)
    if let problem { preconditionFailure("GridLayout.init: \(problem)") }
  }

  /// Stores the values without checking them, for decoding, which throws instead of
  /// stopping.
  init(
    unchecked columns: Columns,
    itemHeight: LayoutDimension,
    interItemSpacing: Double,
    lineSpacing: Double,
    contentInsets: DirectionalEdgeInsets,
    hasHeader: Bool,
    hasFooter: Bool
  ) {
    self.columns = columns
    self.itemHeight = itemHeight
    self.interItemSpacing = interItemSpacing
    self.lineSpacing = lineSpacing
    self.contentInsets = contentInsets
    self.hasHeader = hasHeader
    self.hasFooter = hasFooter
  }

  /// Why these values cannot be laid out, or `nil` when they can; decoding reports the same
  /// problems as errors.
  var problem: String? {
    switch columns {
    case .count(let count) where count < 1:
      return "columns must be at least 1, got \(count)"
    case .adaptive(let width) where !(width.isFinite && width > 0):
      return "minimumItemWidth must be finite and greater than zero, got \(width)"
    default:
      break
    }
    return itemHeight.problem(named: "itemHeight")
      ?? interItemSpacing.spacingProblem(named: "interItemSpacing")
      ?? lineSpacing.spacingProblem(named: "lineSpacing")
      ?? contentInsets.problem(named: "contentInsets")
  }
}
