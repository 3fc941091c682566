extension ListContentConfiguration {
  /// How a text of a list content configuration looks.
  ///
  /// Mirrors UIKit's `UIListContentConfiguration.TextProperties`. The font is a
  /// ``TextStyle`` and the color a ``SemanticColor``, names a renderer resolves. UIKit's
  /// `colorTransformer`, `lineBreakMode`, `adjustsFontSizeToFitWidth` and related sizing
  /// properties are left out.
  ///
  /// The JSON form is
  /// `{"alignment": "natural", "color": "label", "font": "body", "numberOfLines": 0,
  /// "transform": "none"}`.
  public struct TextProperties: Sendable, Hashable, Codable {
    /// How lines of text line up (UIKit: `TextProperties.TextAlignment`).
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
      /// Leading edge in the reading direction.
      case natural
      /// Centered.
      case center
      /// Both edges, by stretching the space between words.
      case justified
    }

    /// A change of letter case applied when the text is shown (UIKit:
    /// `TextProperties.TextTransform`).
    public enum Transform: String, Sendable, Hashable, Codable, CaseIterable {
      /// The text as written.
      case none
      /// Each word starting with a capital.
      case capitalized
      /// All lowercase.
      case lowercase
      /// All uppercase, as older grouped section headers were.
      case uppercase
    }

    /// The text style (UIKit: `font`, a `UIFont`).
    public var font: TextStyle
    /// The text color.
    public var color: SemanticColor
    /// The most lines the text may take; `0` means no limit, as in UIKit.
    public var numberOfLines: Int
    /// How the lines line up.
    public var alignment: Alignment
    /// A change of case applied when shown; the text itself is kept as written.
    public var transform: Transform

    /// Creates text properties. The defaults are UIKit's: no line limit, natural alignment,
    /// no transform.
    public init(
      font: TextStyle,
      color: SemanticColor,
      numberOfLines: Int = 0,
      alignment: Alignment = .natural,
      transform: Transform = .none
    ) {
      self.font = font
      self.color = color
      self.numberOfLines = numberOfLines
      self.alignment = alignment
      self.transform = transform
    }
  }
}
