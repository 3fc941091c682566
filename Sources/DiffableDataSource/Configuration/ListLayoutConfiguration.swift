#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a section lays out as a list: its appearance, separators, headers and footers, and
/// the swipe actions of its cells.
///
/// Mirrors UIKit's `UICollectionLayoutListConfiguration`:
///
///     var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
///     configuration.headerMode = .firstItemInSection
///     configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
///       guard indexPath.item != 0 else { return nil }  // the first item is the header
///       let okay = ContextualAction(style: .normal, title: "Okay") { _, completion in
///         completion(true)
///       }
///       return SwipeActionsConfiguration(actions: [okay])
///     }
///
/// ## Concurrency
/// The swipe actions providers are plain closures, so the configuration is not `Sendable`:
/// build it where its list view lives. The providers run there, in the list's isolation
/// (the main actor in UIKit-style code), and closures written in that code capture its
/// state without annotations.
///
/// ## Renderers
/// Closures cannot travel to a renderer; ``rendererDescription`` is the `Codable` rest, and
/// records only whether each provider exists. A renderer that sees a swipe reports it; the
/// list view calls ``swipeActionsConfiguration(for:at:)`` and sends that configuration's
/// description back.
///
/// ## Deviations from UIKit
/// - Not a layout by itself: UIKit wraps it in `UICollectionViewCompositionalLayout.list(using:)`;
///   here it is ``SectionLayout/list(_:)`` or goes to the list view as is.
/// - ``backgroundColor`` is a semantic color name.
/// - UIKit's `separatorConfiguration` and `itemSeparatorHandler` are left out;
///   ``showsSeparators`` is the only separator switch.
public struct ListLayoutConfiguration {
  /// Returns the swipe actions for the cell at an index path, or `nil` for none.
  ///
  /// UIKit: `UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider`.
  public typealias SwipeActionsConfigurationProvider =
    (IndexPath) -> SwipeActionsConfiguration?

  /// The overall look, fixed at creation as in UIKit.
  public let appearance: Appearance
  /// Whether lines separate the cells. UIKit's default, `true`.
  public var showsSeparators: Bool = true
  /// Where section headers come from. UIKit's default, `.none`.
  public var headerMode: HeaderMode = .none
  /// Where section footers come from. UIKit's default, `.none`.
  public var footerMode: FooterMode = .none
  /// Extra space above each section header, in points; `nil` uses the renderer's default,
  /// as in UIKit.
  public var headerTopPadding: Double?
  /// The list's background; `nil` uses the appearance's default, as in UIKit.
  public var backgroundColor: SemanticColor?
  /// The actions revealed by swiping a cell from its leading edge; `nil` allows no leading
  /// swipe.
  public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
  /// The actions revealed by swiping a cell from its trailing edge; `nil` allows no trailing
  /// swipe.
  public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

  /// Creates a configuration with the given appearance and UIKit's defaults for the rest.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }
}
