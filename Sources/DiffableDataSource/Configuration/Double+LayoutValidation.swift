extension Double {
  /// Why this spacing cannot be laid out, or `nil` when it can: it must be finite and not
  /// negative.
  func spacingProblem(named name: String) -> String? {
    isFinite && self >= 0 ? nil : "\(name) must be finite and not negative, got \(self)"
  }
}
