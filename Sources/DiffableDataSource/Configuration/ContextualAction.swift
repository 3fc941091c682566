/// One button of a cell's swipe actions, such as Delete or Favorite, with the code that runs
/// when someone taps it.
///
/// Mirrors UIKit's `UIContextualAction`:
///
///     let favorite = ContextualAction(style: .normal, title: "Favorite") { action, completion in
///       store.toggleFavorite(recipeID)
///       completion(true)
///     }
///
/// ## Identifiers
/// A renderer draws the action from its ``rendererDescription`` and reports a tap by
/// ``identifier``; ``SwipeActionsConfiguration/performAction(withIdentifier:completion:)``
/// then runs the handler, so the view layer never touches the closure. The identifier
/// defaults to the title, or else the image's name; it has to be unique only among the
/// actions of one ``SwipeActionsConfiguration``.
///
/// ## Deviations from UIKit
/// - A struct, not a class. UIKit's handler receives the action object and may change it;
///   here it receives a copy, and the renderer shows what ``rendererDescription`` said.
/// - The handler takes no source view: the renderer's view is not Swift's to touch.
/// - ``identifier`` is new; UIKit compares action objects by identity.
/// - ``image`` is a name and ``backgroundColor`` a semantic color.
public struct ContextualAction {
  /// Called with whether the action was performed, as UIKit's `UIContextualAction.Handler`
  /// completion. The list view closes the swipe actions once it arrives.
  public typealias Completion = (Bool) -> Void

  /// Runs when someone taps the action (or swipes fully across a cell whose configuration
  /// performs the first action on a full swipe).
  ///
  /// It must call the completion exactly once, now or later. Until it does, the list view
  /// keeps the actions open, as UIKit does; a second call is ignored with a warning through
  /// `DiffableDiagnostics.warningHandler`.
  public typealias Handler = (ContextualAction, @escaping Completion) -> Void

  /// How an action looks by default (UIKit: `UIContextualAction.Style`).
  public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
    /// A neutral action, gray unless given another background.
    case normal
    /// An action that deletes or destroys, red unless given another background.
    case destructive
  }

  /// The name a renderer reports when this action is tapped; unique within its
  /// ``SwipeActionsConfiguration``.
  public let identifier: String
  /// How the action looks by default. Read-only, as in UIKit.
  public let style: Style
  /// The button's title; `nil` shows only the image.
  public var title: String?
  /// The button's image; `nil` shows only the title.
  public var image: ListImage?
  /// The button's background. UIKit's defaults: ``SemanticColor/destructive`` (UIKit:
  /// `.systemRed`) for destructive actions, ``SemanticColor/systemGray`` for normal ones.
  public var backgroundColor: SemanticColor
  /// The code that runs when someone taps the action.
  public let handler: Handler

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - style: How the action looks by default.
  ///   - title: The button's title.
  ///   - image: The button's image.
  ///   - backgroundColor: The button's background; `nil` takes the style's default.
  ///   - identifier: The name a renderer reports on a tap; `nil` uses `title`, or else the
  ///     image's name.
  ///   - handler: The code that runs on a tap; it must call its completion once.
  /// - Precondition: There is an identifier, a title or an image. An action with none of
  ///   them can be neither drawn nor reported.
  public init(
    style: Style,
    title: String? = nil,
    image: ListImage? = nil,
    backgroundColor: SemanticColor? = nil,
    identifier: String? = nil,
    handler: @escaping Handler
  ) {
    guard let resolved = identifier ?? title ?? image?.name else {
      preconditionFailure(
        "ContextualAction.init(style:title:image:backgroundColor:identifier:handler:): an "
          + "action with neither a title nor an image needs an explicit identifier")
    }
    self.identifier = resolved
    self.style = style
    self.title = title
    self.image = image
    self.backgroundColor = backgroundColor ?? (style == .destructive ? .destructive : .systemGray)
    self.handler = handler
  }

  /// Runs the handler once, passing on its completion.
  ///
  /// The completion reaches `completion` at most once, however often the handler calls it.
  public func perform(completion: @escaping Completion) {
    let relay = CompletionRelay(identifier: identifier, completion: completion)
    handler(self) { performed in relay.finish(performed) }
  }

  /// What a renderer needs to draw the action: everything but the handler.
  public var rendererDescription: ContextualActionDescription {
    ContextualActionDescription(
      identifier: identifier, style: style, title: title, image: image,
      backgroundColor: backgroundColor)
  }
}

/// Passes the first completion on and drops later ones, so a list view can rely on one
/// answer per tap even when a handler misbehaves.
private final class CompletionRelay {
  private let identifier: String
  private var completion: ContextualAction.Completion?

  init(identifier: String, completion: @escaping ContextualAction.Completion) {
    self.identifier = identifier
    self.completion = completion
  }

  func finish(_ performed: Bool) {
    guard let completion else {
      DiffableDiagnostics.warningHandler(
        "ContextualAction \"\(identifier)\": the handler called its completion more than once; "
          + "the extra call (\(performed)) is ignored")
      return
    }
    self.completion = nil
    completion(performed)
  }
}
