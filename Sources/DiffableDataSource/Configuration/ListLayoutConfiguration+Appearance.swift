extension ListLayoutConfiguration {
  /// The overall look of a list (UIKit: `UICollectionLayoutListConfiguration.Appearance`).
  ///
  /// The JSON form is the case name as a string, such as `"insetGrouped"`.
  public enum Appearance: String, Sendable, Hashable, Codable, CaseIterable {
    /// Edge-to-edge rows, with headers that stay at the top while their section scrolls.
    case plain
    /// Full-width rows in sections set apart by space, on a grouped background.
    case grouped
    /// Sections as rounded cards inset from the edges, as in Settings.
    case insetGrouped
    /// A source list with a tinted background, for the leading column of a split view.
    case sidebar
    /// A sidebar without the tinted background, for sidebars inside other content.
    case sidebarPlain
  }
}
