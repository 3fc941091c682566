/// A list layout as a renderer needs it: a ``ListLayoutConfiguration`` without its
/// closures, recording only whether each swipe actions provider exists (so a renderer
/// knows whether to let cells swipe from each edge).
///
/// The JSON form is
/// `{"appearance": "insetGrouped", "footerMode": "none", "hasLeadingSwipeActions": false,
/// "hasTrailingSwipeActions": true, "headerMode": "firstItemInSection",
/// "showsSeparators": true}`, plus `"headerTopPadding"` and `"backgroundColor"` when set.
public struct ListLayoutDescription: Sendable, Hashable, Codable {
  /// The overall look.
  public var appearance: ListLayoutConfiguration.Appearance
  /// Whether lines separate the cells.
  public var showsSeparators: Bool
  /// Where section headers come from.
  public var headerMode: ListLayoutConfiguration.HeaderMode
  /// Where section footers come from.
  public var footerMode: ListLayoutConfiguration.FooterMode
  /// Extra space above each section header; `nil` for the renderer's default.
  public var headerTopPadding: Double?
  /// The list's background; `nil` for the appearance's default.
  public var backgroundColor: SemanticColor?
  /// Whether cells may be swiped from their leading edge.
  public var hasLeadingSwipeActions: Bool
  /// Whether cells may be swiped from their trailing edge.
  public var hasTrailingSwipeActions: Bool

  /// Creates a description; ``ListLayoutConfiguration/rendererDescription`` is the usual
  /// source.
  public init(
    appearance: ListLayoutConfiguration.Appearance,
    showsSeparators: Bool = true,
    headerMode: ListLayoutConfiguration.HeaderMode = .none,
    footerMode: ListLayoutConfiguration.FooterMode = .none,
    headerTopPadding: Double? = nil,
    backgroundColor: SemanticColor? = nil,
    hasLeadingSwipeActions: Bool = false,
    hasTrailingSwipeActions: Bool = false
  ) {
    self.appearance = appearance
    self.showsSeparators = showsSeparators
    self.headerMode = headerMode
    self.footerMode = footerMode
    self.headerTopPadding = headerTopPadding
    self.backgroundColor = backgroundColor
    self.hasLeadingSwipeActions = hasLeadingSwipeActions
    self.hasTrailingSwipeActions = hasTrailingSwipeActions
  }
}
