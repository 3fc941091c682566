import DiffableWeb

/// The row section's cards: a custom content the page draws with its `demo-card` renderer
/// (demo.js), to show a cell that a list content configuration can't describe — a title, a
/// topic and a progress bar that turns to a check when done.
struct DemoCard: CustomContentConfiguration, Hashable {
  static let rendererName = "demo-card"

  var title: String
  var topic: String
  /// Lessons done of `total`.
  var done: Int
  var total: Int
  /// Set from the cell's state: the selected card is drawn emphasized.
  var isEmphasized = false

  var accessibilityText: String? { "\(title), \(topic), \(done) of \(total) done" }

  func updated(for state: CellConfigurationState) -> DemoCard {
    var card = self
    card.isEmphasized = state.isSelected
    return card
  }
}
