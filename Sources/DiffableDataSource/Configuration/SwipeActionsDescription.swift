/// Swipe actions as a renderer draws them: a ``SwipeActionsConfiguration`` without its
/// handlers.
///
/// The JSON form is
/// `{"actions": [ContextualActionDescription…], "performsFirstActionWithFullSwipe": true}`.
public struct SwipeActionsDescription: Sendable, Hashable, Codable {
  /// The actions, from the edge the swipe starts at inward.
  public var actions: [ContextualActionDescription]
  /// Whether swiping fully across the cell performs the first action.
  public var performsFirstActionWithFullSwipe: Bool

  /// Creates a description; ``SwipeActionsConfiguration/rendererDescription`` is the usual
  /// source.
  public init(actions: [ContextualActionDescription], performsFirstActionWithFullSwipe: Bool) {
    self.actions = actions
    self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
  }
}
