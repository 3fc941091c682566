extension DirectionalEdgeInsets {
  /// Why these insets cannot be laid out, or `nil` when they can: every edge must be
  /// finite (negative insets are allowed, as in UIKit).
  func problem(named name: String) -> String? {
    [top, leading, bottom, trailing].allSatisfy(\.isFinite)
      ? nil : "\(name) must be finite, got \(self)"
  }
}
