extension ListLayoutConfiguration {
  /// Where a list's section headers come from (UIKit:
  /// `UICollectionLayoutListConfiguration.HeaderMode`).
  ///
  /// The JSON form is the case name as a string, such as `"firstItemInSection"`.
  public enum HeaderMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No headers.
    case none
    /// A header view per section, from the data source's supplementary view provider.
    case supplementary
    /// The first item of each section is drawn as its header, so headers are ordinary items
    /// with their own identifiers and need no supplementary views. In a sidebar or an
    /// outline the header item can carry an outline disclosure to expand the section.
    case firstItemInSection
  }

  /// Where a list's section footers come from (UIKit:
  /// `UICollectionLayoutListConfiguration.FooterMode`).
  ///
  /// The JSON form is the case name as a string, such as `"supplementary"`.
  public enum FooterMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No footers.
    case none
    /// A footer view per section, from the data source's supplementary view provider.
    case supplementary
  }
}
