// Shorthands for the common cases; the layout types' initializers give full control.

extension SectionLayout {
  /// A grid with a fixed number of columns; `spacing` separates both items and rows.
  ///
  /// - Precondition: At least one column, and valid sizes, as ``GridLayout``'s initializer
  ///   checks.
  public static func grid(
    columns: Int,
    itemHeight: LayoutDimension = .estimated(44),
    spacing: Double = 8,
    contentInsets: DirectionalEdgeInsets = .zero,
    hasHeader: Bool = false
  ) -> SectionLayout {
    .grid(
      GridLayout(
        columns: .count(columns), itemHeight: itemHeight, interItemSpacing: spacing,
        lineSpacing: spacing, contentInsets: contentInsets, hasHeader: hasHeader))
  }

  /// A grid with as many columns as fit items at least `minimumItemWidth` points wide;
  /// `spacing` separates both items and rows.
  ///
  /// - Precondition: A finite minimum width above zero, and valid sizes, as ``GridLayout``'s
  ///   initializer checks.
  public static func grid(
    minimumItemWidth: Double,
    itemHeight: LayoutDimension = .estimated(44),
    spacing: Double = 8,
    contentInsets: DirectionalEdgeInsets = .zero,
    hasHeader: Bool = false
  ) -> SectionLayout {
    .grid(
      GridLayout(
        columns: .adaptive(minimumItemWidth: minimumItemWidth), itemHeight: itemHeight,
        interItemSpacing: spacing, lineSpacing: spacing, contentInsets: contentInsets,
        hasHeader: hasHeader))
  }

  /// One row of items that scrolls sideways, coming to rest with an item at the leading
  /// edge unless told otherwise.
  ///
  /// - Precondition: Valid sizes, as ``HorizontalRowLayout``'s initializer checks.
  public static func horizontalRow(
    itemWidth: LayoutDimension,
    itemHeight: LayoutDimension = .estimated(44),
    spacing: Double = 8,
    scrollingBehavior: HorizontalRowLayout.ScrollingBehavior = .continuousGroupLeadingBoundary,
    contentInsets: DirectionalEdgeInsets = .zero,
    hasHeader: Bool = false
  ) -> SectionLayout {
    .horizontalRow(
      HorizontalRowLayout(
        itemWidth: itemWidth, itemHeight: itemHeight, interItemSpacing: spacing,
        scrollingBehavior: scrollingBehavior, contentInsets: contentInsets, hasHeader: hasHeader))
  }
}
