/// The actions a cell reveals when swiped from one edge.
///
/// Mirrors UIKit's `UISwipeActionsConfiguration`. A list layout's swipe actions providers
/// (``ListLayoutConfiguration/trailingSwipeActionsConfigurationProvider``) return one per
/// index path:
///
///     configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
///       let delete = ContextualAction(style: .destructive, title: "Delete") { _, completion in
///         completion(store.delete(at: indexPath))
///       }
///       return SwipeActionsConfiguration(actions: [delete])
///     }
///
/// The list view sends ``rendererDescription`` to its renderer, keeps this value while the
/// actions are open, and when the renderer reports a tap calls
/// ``performAction(withIdentifier:completion:)``.
///
/// As in UIKit, an empty configuration shows no actions and prevents the swipe. Deviation:
/// it is a struct, and not `Hashable` because actions hold closures.
public struct SwipeActionsConfiguration {
  /// The actions, from the edge the swipe starts at inward. Read-only, as in UIKit, so the
  /// identifiers stay unique.
  public let actions: [ContextualAction]
  /// Whether swiping fully across the cell performs the first action. UIKit's default,
  /// `true`.
  public var performsFirstActionWithFullSwipe: Bool = true

  /// Creates a configuration of the given actions.
  ///
  /// - Precondition: The actions' identifiers are unique, so that a reported tap names one
  ///   action. Two untitled actions with the same image, or two with the same title, need
  ///   explicit identifiers.
  /// - Complexity: O(*n*) for *n* actions.
  public init(actions: [ContextualAction]) {
    var seen = Set<String>()
    var duplicates: [String] = []
    for action in actions where !seen.insert(action.identifier).inserted {
      if !duplicates.contains(action.identifier) { duplicates.append(action.identifier) }
    }
    precondition(
      duplicates.isEmpty,
      "SwipeActionsConfiguration.init(actions:): duplicate action identifiers \(duplicates); "
        + "give the actions distinct identifiers")
    self.actions = actions
  }

  /// The action with the given identifier, or `nil` if there is none.
  ///
  /// - Complexity: O(*n*) for *n* actions; swipe actions are a handful.
  public func action(withIdentifier identifier: String) -> ContextualAction? {
    actions.first { $0.identifier == identifier }
  }

  /// Performs the action a renderer reported as tapped, or the first action after a full
  /// swipe.
  ///
  /// Runs the action's handler once and passes its completion on (once; see
  /// ``ContextualAction/Handler``). An unknown identifier is tolerated, because it comes
  /// from outside the program and can be stale (a tap that crossed a re-render): nothing
  /// runs, `completion(false)` is called at once so the view can close the actions, a
  /// warning goes to `DiffableDiagnostics.warningHandler`, and the result is `false`.
  ///
  /// - Returns: Whether an action with that identifier exists and its handler ran.
  /// - Complexity: O(*n*) for *n* actions, plus the handler.
  @discardableResult
  public func performAction(
    withIdentifier identifier: String,
    completion: @escaping ContextualAction.Completion
  ) -> Bool {
    guard let action = action(withIdentifier: identifier) else {
      DiffableDiagnostics.warningHandler(
        "SwipeActionsConfiguration.performAction(withIdentifier:completion:): no action has "
          + "identifier \"\(identifier)\" (known: \(actions.map(\.identifier))); nothing was "
          + "performed")
      completion(false)
      return false
    }
    action.perform(completion: completion)
    return true
  }

  /// What a renderer needs to draw the actions: everything but the handlers.
  public var rendererDescription: SwipeActionsDescription {
    SwipeActionsDescription(
      actions: actions.map(\.rendererDescription),
      performsFirstActionWithFullSwipe: performsFirstActionWithFullSwipe)
  }
}
