/// A color named by its role, which each renderer resolves to its own palette.
///
/// Mirrors the system colors of UIKit's `UIColor` (`.label`, `.secondaryLabel`,
/// `.systemRed`, …). Configurations travel to renderers that have no `UIColor` (a browser
/// page, a recording view in tests), so a color is a name, not components: light and dark
/// mode, contrast and the app's tint stay the renderer's business.
///
/// Deviations from UIKit: ``tint`` stands for the app's tint color (UIKit's `tintColor`),
/// and ``destructive`` is a role of its own (UIKit uses `.systemRed`), so a renderer can
/// give destructive actions a distinct look. There are no custom or asset colors yet.
///
/// The JSON form is the case name as a string, such as `"secondaryLabel"`.
public enum SemanticColor: String, Sendable, Hashable, Codable, CaseIterable {
  /// Primary text (UIKit: `.label`).
  case label
  /// Secondary text, such as a subtitle (UIKit: `.secondaryLabel`).
  case secondaryLabel
  /// Tertiary text (UIKit: `.tertiaryLabel`).
  case tertiaryLabel
  /// Text for placeholders (UIKit: `.placeholderText`).
  case placeholderText
  /// The app's tint color (UIKit: the view's `tintColor`).
  case tint
  /// The color of destructive actions and warnings; UIKit uses `.systemRed` for this.
  case destructive
  /// A list's separator lines (UIKit: `.separator`).
  case separator
  /// The background of a plain list (UIKit: `.systemBackground`).
  case systemBackground
  /// A background layered over ``systemBackground`` (UIKit: `.secondarySystemBackground`).
  case secondarySystemBackground
  /// The background of a grouped list (UIKit: `.systemGroupedBackground`).
  case systemGroupedBackground
  /// The cells of a grouped list (UIKit: `.secondarySystemGroupedBackground`).
  case secondarySystemGroupedBackground
  /// Fully transparent (UIKit: `.clear`).
  case clear
  /// UIKit: `.systemGray`; the default background of a normal swipe action.
  case systemGray
  /// UIKit: `.systemRed`.
  case systemRed
  /// UIKit: `.systemOrange`.
  case systemOrange
  /// UIKit: `.systemYellow`.
  case systemYellow
  /// UIKit: `.systemGreen`.
  case systemGreen
  /// UIKit: `.systemBlue`.
  case systemBlue
  /// UIKit: `.systemIndigo`.
  case systemIndigo
  /// UIKit: `.systemPurple`.
  case systemPurple
  /// UIKit: `.systemPink`.
  case systemPink
}
