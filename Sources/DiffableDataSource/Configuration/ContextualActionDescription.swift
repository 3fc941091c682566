/// A swipe action as a renderer draws it: a ``ContextualAction`` without its handler.
///
/// The JSON form is
/// `{"backgroundColor": "destructive", "identifier": "Delete", "style": "destructive",
/// "title": "Delete"}`, plus `"image"` when there is one; a `nil` title is left out.
public struct ContextualActionDescription: Sendable, Hashable, Codable {
  /// The name the renderer reports when the action is tapped.
  public var identifier: String
  /// How the action looks by default.
  public var style: ContextualAction.Style
  /// The button's title.
  public var title: String?
  /// The button's image.
  public var image: ListImage?
  /// The button's background.
  public var backgroundColor: SemanticColor

  /// Creates a description; ``ContextualAction/rendererDescription`` is the usual source.
  public init(
    identifier: String,
    style: ContextualAction.Style,
    title: String?,
    image: ListImage?,
    backgroundColor: SemanticColor
  ) {
    self.identifier = identifier
    self.style = style
    self.title = title
    self.image = image
    self.backgroundColor = backgroundColor
  }
}
