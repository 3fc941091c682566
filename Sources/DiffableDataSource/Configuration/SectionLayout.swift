/// How one section of a list view lays out: as a list, a grid, or a row that scrolls
/// sideways. A list view can give every section its own, as WWDC20's sample shows a
/// scrolling row above an outline and a list.
///
/// UIKit says this with a `UICollectionViewCompositionalLayout` whose section provider
/// returns an `NSCollectionLayoutSection` per section index; this type names the three
/// shapes a renderer draws, without groups and items:
///
///     func layout(for section: Section) -> SectionLayout {
///       switch section {
///       case .recents: .horizontalRow(itemWidth: .fractionalWidth(0.28))
///       case .photos: .grid(minimumItemWidth: 120, itemHeight: .absolute(120))
///       case .all: .list(ListLayoutConfiguration(appearance: .insetGrouped))
///       }
///     }
///
/// A list's swipe actions providers make this type neither `Sendable` nor `Codable`;
/// ``rendererDescription`` is its `Codable` form.
public enum SectionLayout {
  /// A list, configured as UIKit's `UICollectionLayoutListConfiguration`.
  case list(ListLayoutConfiguration)
  /// A grid of equally wide items.
  case grid(GridLayout)
  /// One row of items that scrolls sideways.
  case horizontalRow(HorizontalRowLayout)

  /// What a renderer needs to lay out the section: everything but closures.
  public var rendererDescription: SectionLayoutDescription {
    switch self {
    case .list(let configuration): .list(configuration.rendererDescription)
    case .grid(let layout): .grid(layout)
    case .horizontalRow(let layout): .horizontalRow(layout)
    }
  }
}
