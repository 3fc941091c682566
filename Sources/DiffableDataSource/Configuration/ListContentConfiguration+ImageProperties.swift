extension ListContentConfiguration {
  /// How the image of a list content configuration looks.
  ///
  /// Mirrors UIKit's `UIListContentConfiguration.ImageProperties`, without
  /// `preferredSymbolConfiguration`, `reservedLayoutSize` and `accessibilityIgnoresInvertColors`.
  ///
  /// The JSON form is `{"cornerRadius": 4, "maximumSize": {"height": 60, "width": 60}}`, plus
  /// `"tintColor"` when there is one.
  public struct ImageProperties: Sendable, Hashable, Codable {
    /// The color a symbol is drawn in; `nil` keeps the renderer's default (UIKit: the tint
    /// color for symbols). Asset images keep their own colors, as template-less images do
    /// in UIKit.
    public var tintColor: SemanticColor?
    /// The largest size the image is shown at, in points; it scales down to fit, keeping
    /// its aspect ratio. A width or height of `0` means no limit in that dimension, as in
    /// UIKit, where the default is `CGSize.zero`.
    public var maximumSize: ListSize
    /// The radius of the image's rounded corners, in points; `0` keeps square corners.
    public var cornerRadius: Double

    /// Creates image properties. The defaults are UIKit's: no tint, no size limit, square
    /// corners.
    public init(
      tintColor: SemanticColor? = nil, maximumSize: ListSize = .zero, cornerRadius: Double = 0
    ) {
      self.tintColor = tintColor
      self.maximumSize = maximumSize
      self.cornerRadius = cornerRadius
    }
  }
}
