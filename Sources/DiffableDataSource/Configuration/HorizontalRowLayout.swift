/// A section laid out as one row that scrolls sideways, across the list's own vertical
/// scrolling, as the top section of WWDC20's "Advances in diffable data sources" sample.
///
/// UIKit builds this from a compositional layout section with an
/// `orthogonalScrollingBehavior`; this type names the result, so a renderer can draw it
/// without groups. Section headers and footers, when present, come from the data source's
/// supplementary view provider.
///
/// The values are checked once, when the layout is made, so the properties are read-only.
///
/// The JSON form is
/// `{"contentInsets": {…}, "hasFooter": false, "hasHeader": false, "interItemSpacing": 10,
/// "itemHeight": {…}, "itemWidth": {"kind": "fractionalWidth", "value": 0.28},
/// "scrollingBehavior": "continuousGroupLeadingBoundary"}`.
public struct HorizontalRowLayout: Sendable, Hashable {
  /// How the row scrolls and where it comes to rest (UIKit:
  /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`, without `.none`, which would
  /// not be a scrolling row).
  ///
  /// The JSON form is the case name as a string.
  public enum ScrollingBehavior: String, Sendable, Hashable, Codable, CaseIterable {
    /// Scrolls freely and stops anywhere.
    case continuous
    /// Scrolls freely and comes to rest with an item at the leading edge.
    case continuousGroupLeadingBoundary
    /// Moves a visible width at a time.
    case paging
    /// Moves one item at a time, resting with it at the leading edge.
    case groupPaging
    /// Moves one item at a time, resting with it centered.
    case groupPagingCentered
  }

  /// The width of every item.
  public let itemWidth: LayoutDimension
  /// The height of every item; a ``LayoutDimension/fractionalWidth(_:)`` height is a
  /// fraction of the section's content width, as WWDC20's sample sizes its row.
  public let itemHeight: LayoutDimension
  /// The space between items, in points.
  public let interItemSpacing: Double
  /// How the row scrolls and where it comes to rest.
  public let scrollingBehavior: ScrollingBehavior
  /// The space around the section's items, in points.
  public let contentInsets: DirectionalEdgeInsets
  /// Whether the section has a header view.
  public let hasHeader: Bool
  /// Whether the section has a footer view.
  public let hasFooter: Bool

  /// Creates a horizontal row layout.
  ///
  /// - Precondition: Finite item sizes above zero, finite spacing of zero or more, and
  ///   finite insets.
  public init(
    itemWidth: LayoutDimension,
    itemHeight: LayoutDimension = .estimated(44),
    interItemSpacing: Double = 8,
    scrollingBehavior: ScrollingBehavior = .continuousGroupLeadingBoundary,
    contentInsets: DirectionalEdgeInsets = .zero,
    hasHeader: Bool = false,
    hasFooter: Bool = false
  ) {
    self.init(
      unchecked: itemWidth, itemHeight: itemHeight, interItemSpacing: interItemSpacing,
      scrollingBehavior: scrollingBehavior, contentInsets: contentInsets, hasHeader: hasHeader,
      hasFooter: hasFooter)
    if let problem { preconditionFailure("HorizontalRowLayout.init: \(problem)") }
  }

  /// Stores the values without checking them, for decoding, which throws instead of
  /// stopping.
  init(
    unchecked itemWidth: LayoutDimension,
    itemHeight: LayoutDimension,
    interItemSpacing: Double,
    scrollingBehavior: ScrollingBehavior,
    contentInsets: DirectionalEdgeInsets,
    hasHeader: Bool,
    hasFooter: Bool
  ) {
    self.itemWidth = itemWidth
    self.itemHeight = itemHeight
    self.interItemSpacing = interItemSpacing
    self.scrollingBehavior = scrollingBehavior
    self.contentInsets = contentInsets
    self.hasHeader = hasHeader
    self.hasFooter = hasFooter
  }

  /// Why these values cannot be laid out, or `nil` when they can; decoding reports the same
  /// problems as errors.
  var problem: String? {
    itemWidth.problem(named: "itemWidth")
      ?? itemHeight.problem(named: "itemHeight")
      ?? interItemSpacing.spacingProblem(named: "interItemSpacing")
      ?? contentInsets.problem(named: "contentInsets")
  }
}
