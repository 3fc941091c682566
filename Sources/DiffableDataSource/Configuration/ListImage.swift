/// An image named for a renderer to draw: a symbol such as `"heart.fill"`, or an asset of
/// the app.
///
/// Stands in for UIKit's `UIImage` in configurations. UIKit holds pixels; this holds a name,
/// because the renderer (a browser page, a recording view) loads images itself. Whether a
/// name is a symbol or an asset mirrors UIKit's two initializers, `UIImage(systemName:)` and
/// `UIImage(named:)`.
///
/// The JSON form is `{"kind": "symbol", "name": "heart.fill"}`, plus
/// `"accessibilityLabel"` when there is one.
public struct ListImage: Sendable, Hashable, Codable {
  /// Where a renderer looks the name up.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A symbol from the system's symbol set (UIKit: `UIImage(systemName:)`).
    case symbol
    /// An image the app ships (UIKit: `UIImage(named:)`).
    case asset
  }

  /// Where a renderer looks ``name`` up.
  public var kind: Kind
  /// The symbol's or asset's name.
  public var name: String
  /// What assistive technologies read for the image; `nil` marks it as decorative.
  ///
  /// UIKit keeps this on the image view (`accessibilityLabel`); here it travels with the
  /// image, since the renderer builds the view.
  public var accessibilityLabel: String?

  /// Creates an image reference.
  public init(kind: Kind, name: String, accessibilityLabel: String? = nil) {
    self.kind = kind
    self.name = name
    self.accessibilityLabel = accessibilityLabel
  }

  /// A system symbol, such as `"heart.fill"` (UIKit: `UIImage(systemName:)`).
  public static func symbol(_ name: String, accessibilityLabel: String? = nil) -> ListImage {
    ListImage(kind: .symbol, name: name, accessibilityLabel: accessibilityLabel)
  }

  /// An image the app ships, such as a recipe photo (UIKit: `UIImage(named:)`).
  public static func asset(_ name: String, accessibilityLabel: String? = nil) -> ListImage {
    ListImage(kind: .asset, name: name, accessibilityLabel: accessibilityLabel)
  }
}
