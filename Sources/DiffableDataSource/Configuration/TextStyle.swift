/// A Dynamic Type text style, which each renderer maps to its own font and size.
///
/// Mirrors UIKit's `UIFont.TextStyle`. A configuration names the style rather than holding
/// a font, because the renderer owns the fonts and the reader's preferred text size.
///
/// The JSON form is the case name as a string, such as `"subheadline"`.
public enum TextStyle: String, Sendable, Hashable, Codable, CaseIterable {
  /// The largest title (UIKit: `.largeTitle`).
  case largeTitle
  /// A first-level title (UIKit: `.title1`).
  case title1
  /// A second-level title (UIKit: `.title2`).
  case title2
  /// A third-level title (UIKit: `.title3`).
  case title3
  /// Emphasized text for headings (UIKit: `.headline`).
  case headline
  /// Text below a heading (UIKit: `.subheadline`).
  case subheadline
  /// Body text, the default for cells (UIKit: `.body`).
  case body
  /// A callout (UIKit: `.callout`).
  case callout
  /// Footnotes and grouped section headers (UIKit: `.footnote`).
  case footnote
  /// Captions (UIKit: `.caption1`).
  case caption1
  /// Alternate captions (UIKit: `.caption2`).
  case caption2
}
