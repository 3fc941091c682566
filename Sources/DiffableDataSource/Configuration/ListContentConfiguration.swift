/// The content of a list cell, header or footer: text, secondary text and an image, with
/// how each is styled.
///
/// Mirrors UIKit's `UIListContentConfiguration`. Start from a preset such as
/// ``subtitleCell()`` (see `ListContentConfiguration+Presets.swift`), fill in the content,
/// and hand it to the cell:
///
///     var content = ListContentConfiguration.subtitleCell()
///     content.text = recipe.title
///     content.secondaryText = recipe.subtitle
///     content.image = .asset(recipe.imageName)
///     content.imageProperties.cornerRadius = 4
///     content.imageProperties.maximumSize = ListSize(width: 60, height: 60)
///
/// It is plain data, so a renderer receives it as JSON. Deviations from UIKit:
/// - ``image`` names a symbol or asset (``ListImage``) instead of holding a `UIImage`;
///   fonts and colors are names too (``TextStyle``, ``SemanticColor``).
/// - There is no `attributedText` and no `makeContentView()` (the renderer builds the
///   view); `updated(for:)` returns the configuration unchanged (see
///   ``ContentConfiguration``), as UIKit's does for most states.
/// - ``directionalLayoutMargins`` is optional: `nil` asks for the renderer's default, which
///   UIKit would compute from the device and the list's appearance.
/// - Of UIKit's spacing properties only ``prefersSideBySideTextAndSecondaryText`` is here.
public struct ListContentConfiguration: Sendable, Hashable, Codable {
  /// The primary text; `nil` shows none.
  public var text: String?
  /// The secondary text, below the primary text or beside it (see
  /// ``prefersSideBySideTextAndSecondaryText``); `nil` shows none.
  public var secondaryText: String?
  /// The image at the leading edge; `nil` shows none.
  public var image: ListImage?
  /// How ``text`` looks.
  public var textProperties: TextProperties
  /// How ``secondaryText`` looks.
  public var secondaryTextProperties: TextProperties
  /// How ``image`` looks.
  public var imageProperties: ImageProperties
  /// Whether the secondary text sits beside the primary text, when both fit on one line,
  /// rather than below it. ``valueCell()`` sets it.
  public var prefersSideBySideTextAndSecondaryText: Bool
  /// The margins around the content; `nil` uses the renderer's default for the list.
  public var directionalLayoutMargins: DirectionalEdgeInsets?

  /// Creates a configuration with the given content and styling.
  ///
  /// Every argument has the ``cell()`` preset's value as its default, so
  /// `ListContentConfiguration()` equals `.cell()`.
  public init(
    text: String? = nil,
    secondaryText: String? = nil,
    image: ListImage? = nil,
    textProperties: TextProperties = TextProperties(font: .body, color: .label),
    secondaryTextProperties: TextProperties = TextProperties(
      font: .subheadline, color: .secondaryLabel),
    imageProperties: ImageProperties = ImageProperties(),
    prefersSideBySideTextAndSecondaryText: Bool = false,
    directionalLayoutMargins: DirectionalEdgeInsets? = nil
  ) {
    self.text = text
    self.secondaryText = secondaryText
    self.image = image
    self.textProperties = textProperties
    self.secondaryTextProperties = secondaryTextProperties
    self.imageProperties = imageProperties
    self.prefersSideBySideTextAndSecondaryText = prefersSideBySideTextAndSecondaryText
    self.directionalLayoutMargins = directionalLayoutMargins
  }
}
