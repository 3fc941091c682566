import DiffableDataSource
import Testing

/// What a child process wrote to standard error, as text.
private func standardErrorText(_ result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Programming errors stop the process with a message naming the method and the values.
/// (An unknown action identifier is tolerated instead; see the swipe actions tests.)
@Suite("Configuration misuse")
struct ConfigurationMisuseTests {
  @Test func duplicateSwipeActionIdentifiers() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let a = ContextualAction(style: .normal, title: "Flag") { _, done in done(true) }
      let b = ContextualAction(style: .normal, image: .symbol("Flag")) { _, done in done(true) }
      let c = ContextualAction(style: .normal, title: "Pin") { _, done in done(true) }
      _ = SwipeActionsConfiguration(actions: [a, c, b, a])
    }
    #expect(
      standardErrorText(result).contains(
        "SwipeActionsConfiguration.init(actions:): duplicate action identifiers [\"Flag\"]"))
  }

  @Test func anActionWithNothingToShowOrReport() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ContextualAction(style: .destructive) { _, done in done(true) }
    }
    #expect(
      standardErrorText(result).contains(
        "ContextualAction.init(style:title:image:backgroundColor:identifier:handler:): an action "
          + "with neither a title nor an image needs an explicit identifier"))
  }

  @Test func aGridWithoutColumns() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SectionLayout.grid(columns: 0)
    }
    #expect(
      standardErrorText(result).contains("GridLayout.init: columns must be at least 1, got 0"))
  }

  @Test func anAdaptiveGridWithoutAWidth() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = GridLayout(columns: .adaptive(minimumItemWidth: .infinity))
    }
    #expect(
      standardErrorText(result).contains(
        "GridLayout.init: minimumItemWidth must be finite and greater than zero, got inf"))
  }

  @Test func aGridWithNegativeSpacing() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = GridLayout(columns: .count(2), lineSpacing: -2)
    }
    #expect(
      standardErrorText(result).contains(
        "GridLayout.init: lineSpacing must be finite and not negative, got -2.0"))
  }

  @Test func aRowWithAZeroWidthItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SectionLayout.horizontalRow(itemWidth: .fractionalWidth(0))
    }
    #expect(
      standardErrorText(result).contains(
        "HorizontalRowLayout.init: itemWidth must be finite and greater than zero, got "
          + "fractionalWidth(0.0)"))
  }

  @Test func aRowWithNonFiniteInsets() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = HorizontalRowLayout(
        itemWidth: .absolute(10), contentInsets: DirectionalEdgeInsets(all: .nan))
    }
    #expect(
      standardErrorText(result).contains("HorizontalRowLayout.init: contentInsets must be finite"))
  }
}
