/// A width and a height, in points.
///
/// Stands in for Core Graphics' `CGSize`, which is not available everywhere Swift runs.
/// The JSON form is `{"height": 60, "width": 60}`.
public struct ListSize: Sendable, Hashable, Codable {
  /// The width, in points.
  public var width: Double
  /// The height, in points.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size whose width and height are both zero (Core Graphics: `CGSize.zero`).
  public static let zero = ListSize(width: 0, height: 0)
}
