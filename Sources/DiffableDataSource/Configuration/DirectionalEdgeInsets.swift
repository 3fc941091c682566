/// Insets that follow the reading direction: leading and trailing rather than left and
/// right.
///
/// Mirrors UIKit's `NSDirectionalEdgeInsets`. The JSON form is
/// `{"bottom": 0, "leading": 16, "top": 0, "trailing": 16}`.
public struct DirectionalEdgeInsets: Sendable, Hashable, Codable {
  /// The inset at the top, in points.
  public var top: Double
  /// The inset at the leading edge (left in left-to-right text), in points.
  public var leading: Double
  /// The inset at the bottom, in points.
  public var bottom: Double
  /// The inset at the trailing edge (right in left-to-right text), in points.
  public var trailing: Double

  /// Creates insets from their four values.
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Creates insets that are the same on every edge.
  public init(all value: Double) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  /// No inset on any edge (UIKit: `NSDirectionalEdgeInsets.zero`).
  public static let zero = DirectionalEdgeInsets(all: 0)
}
