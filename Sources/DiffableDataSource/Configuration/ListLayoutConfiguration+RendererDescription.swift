extension ListLayoutConfiguration {
  /// What a renderer needs to lay out the list: everything but the swipe actions
  /// providers, whose presence it records.
  public var rendererDescription: ListLayoutDescription {
    ListLayoutDescription(
      appearance: appearance,
      showsSeparators: showsSeparators,
      headerMode: headerMode,
      footerMode: footerMode,
      headerTopPadding: headerTopPadding,
      backgroundColor: backgroundColor,
      hasLeadingSwipeActions: leadingSwipeActionsConfigurationProvider != nil,
      hasTrailingSwipeActions: trailingSwipeActionsConfigurationProvider != nil)
  }
}
