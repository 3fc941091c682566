/// A length in a grid or horizontal row section: fixed, estimated, or a fraction of the
/// section's width.
///
/// Mirrors UIKit's `NSCollectionLayoutDimension`, without `fractionalHeight` (a scrolling
/// section has no height to take a fraction of) and without `uniformAcrossSiblings`.
/// Fractions are of the section's content width (its width less its content insets), which
/// is the container UIKit measures against when items fill their groups.
///
/// The JSON form is `{"kind": "absolute", "value": 120}`, with `"estimated"` or
/// `"fractionalWidth"` as the other kinds.
public enum LayoutDimension: Sendable, Hashable {
  /// A fixed length, in points.
  case absolute(Double)
  /// A first guess, in points, that grows or shrinks to fit the content.
  case estimated(Double)
  /// A fraction of the section's content width; `0.5` is half of it.
  case fractionalWidth(Double)

  /// Why the dimension cannot be laid out, or `nil` when it can: every kind needs a finite
  /// value above zero.
  func problem(named name: String) -> String? {
    let value: Double
    switch self {
    case .absolute(let length), .estimated(let length), .fractionalWidth(let length):
      value = length
    }
    return value.isFinite && value > 0
      ? nil : "\(name) must be finite and greater than zero, got \(self)"
  }
}
