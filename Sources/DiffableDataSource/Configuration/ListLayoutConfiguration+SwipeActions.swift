#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ListLayoutConfiguration {
  /// The edge of a cell a swipe starts from.
  ///
  /// UIKit has no such type: its two providers are called by the collection view itself. A
  /// list view here hears of a swipe from its renderer, which names the edge. The JSON form
  /// is `"leading"` or `"trailing"`.
  public enum SwipeEdge: String, Sendable, Hashable, Codable, CaseIterable {
    /// A swipe from the leading edge, toward the trailing one.
    case leading
    /// A swipe from the trailing edge, toward the leading one.
    case trailing
  }

  /// The swipe actions for the cell at an index path when swiped from an edge: the edge's
  /// provider's answer, or `nil` when the edge has no provider.
  ///
  /// A list view calls this when its renderer reports a swipe, sends the result's
  /// ``SwipeActionsConfiguration/rendererDescription`` back, and keeps the result to perform
  /// a tapped action by identifier.
  public func swipeActionsConfiguration(for edge: SwipeEdge, at indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    switch edge {
    case .leading: leadingSwipeActionsConfigurationProvider?(indexPath)
    case .trailing: trailingSwipeActionsConfigurationProvider?(indexPath)
    }
  }
}
