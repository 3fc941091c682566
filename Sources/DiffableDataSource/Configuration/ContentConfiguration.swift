/// What a cell shows, as a value a list view renders (the counterpart of UIKit's
/// `UIContentConfiguration`).
///
/// Two kinds reach a view: ``ListContentConfiguration`` (text, secondary text, image), which
/// every view renders itself, and ``CustomContentConfiguration``, which a view hands to a
/// renderer its page registered by name.
public protocol ContentConfiguration: Sendable {
  /// The configuration for a cell in `state`: a selected cell may show a different image,
  /// say. A cell calls it from ``ListCell/updateConfiguration(using:)`` when
  /// ``ListCell/automaticallyUpdatesContentConfiguration`` is on.
  ///
  /// The default returns the configuration unchanged.
  func updated(for state: CellConfigurationState) -> Self
}

extension ContentConfiguration {
  /// Returns `self`: the configuration looks the same in every state.
  public func updated(for state: CellConfigurationState) -> Self { self }
}

/// A cell content of your own, drawn on the page by a renderer registered under
/// ``rendererName`` (UIKit: a custom `UIContentConfiguration` with its content view).
///
/// The configuration is the payload: the browser view encodes it with `JSONEncoder` and
/// the page calls `render(element, payload, state)` of the renderer registered with
/// `registerContentRenderer(name, render)`. Keep it small plain data; closures, images
/// and views do not cross to the page.
///
///     struct RatingContent: CustomContentConfiguration, Hashable {
///       static let rendererName = "rating"
///       var title: String
///       var stars: Int
///       var accessibilityText: String? { "\(title), \(stars) of 5 stars" }
///     }
///
///     cell.contentConfiguration = RatingContent(title: recipe.title, stars: recipe.stars)
public protocol CustomContentConfiguration: ContentConfiguration, Encodable {
  /// The name the page registered the renderer under: 1 to 64 UTF-16 code units (the page
  /// refuses a message with another; the browser view stops with a message naming the type).
  static var rendererName: String { get }
  /// A text for what the cell shows: sent to the page beside the payload (its renderer
  /// names the row, and may use this), and written by `RecordingListView` in its rendered
  /// rows; `nil` by default.
  var accessibilityText: String? { get }
}

extension CustomContentConfiguration {
  /// `nil`: the page's renderer names the row.
  public var accessibilityText: String? { nil }
}

extension ListContentConfiguration: ContentConfiguration {}
