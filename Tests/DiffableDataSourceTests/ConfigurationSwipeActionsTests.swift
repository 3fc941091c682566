import DiffableDataSource
import Foundation
import NIOConcurrencyHelpers
import Testing

/// What handlers and completions saw, recorded on the main actor.
@MainActor
final class ConfigurationSwipeLog {
  var handled: [String] = []
  var completions: [Bool] = []
  var pending: [ContextualAction.Completion] = []
}

/// Runs `body` and returns the warnings reported meanwhile.
@MainActor
func configurationWarnings(_ body: () -> Void) -> [String] {
  let warnings = NIOLockedValueBox<[String]>([])
  let handler: @Sendable (String) -> Void = { text in warnings.withLockedValue { $0.append(text) } }
  DiffableDiagnostics.$warningHandler.withValue(handler, operation: body)
  return warnings.withLockedValue { $0 }
}

@Suite("Configuration swipe actions")
@MainActor
struct ConfigurationSwipeActionsTests {
  /// An action that records its identifier and completes with `result` at once.
  func action(
    _ title: String?, style: ContextualAction.Style = .normal, image: ListImage? = nil,
    identifier: String? = nil, log: ConfigurationSwipeLog, result: Bool = true
  ) -> ContextualAction {
    ContextualAction(style: style, title: title, image: image, identifier: identifier) {
      action, completion in
      log.handled.append(action.identifier)
      completion(result)
    }
  }

  @Test func identifiersDefaultToTheTitleThenTheImageName() {
    let log = ConfigurationSwipeLog()
    #expect(action("Delete", log: log).identifier == "Delete")
    #expect(action(nil, image: .symbol("flag"), log: log).identifier == "flag")
    #expect(action("Flag", image: .symbol("flag"), log: log).identifier == "Flag")
    #expect(action("Flag", image: .symbol("flag"), identifier: "f", log: log).identifier == "f")
  }

  @Test func backgroundsDefaultByStyle() {
    let log = ConfigurationSwipeLog()
    #expect(action("A", style: .destructive, log: log).backgroundColor == .destructive)
    #expect(action("A", style: .normal, log: log).backgroundColor == .systemGray)
    let blue = ContextualAction(style: .destructive, title: "A", backgroundColor: .systemBlue) {
      _, completion in completion(true)
    }
    #expect(blue.backgroundColor == .systemBlue)
    #expect(blue.style == .destructive)
  }

  @Test func configurationDefaultsAndLookup() {
    let log = ConfigurationSwipeLog()
    let configuration = SwipeActionsConfiguration(actions: [
      action("Delete", style: .destructive, log: log), action("Flag", log: log),
    ])
    #expect(configuration.performsFirstActionWithFullSwipe)
    #expect(configuration.actions.map(\.identifier) == ["Delete", "Flag"])
    #expect(configuration.action(withIdentifier: "Flag")?.title == "Flag")
    #expect(configuration.action(withIdentifier: "Delete")?.style == .destructive)
    #expect(configuration.action(withIdentifier: "flag") == nil)
    #expect(SwipeActionsConfiguration(actions: []).actions.isEmpty)
  }

  @Test(arguments: [true, false])
  func performingByIdentifierRunsThatHandlerOnceAndReportsItsAnswer(result: Bool) {
    let log = ConfigurationSwipeLog()
    let configuration = SwipeActionsConfiguration(actions: [
      action("Delete", style: .destructive, log: log, result: !result),
      action("Flag", log: log, result: result),
      action("Share", log: log, result: !result),
    ])
    let warnings = configurationWarnings {
      let found = configuration.performAction(withIdentifier: "Flag") { log.completions.append($0) }
      #expect(found)
    }
    #expect(log.handled == ["Flag"])
    #expect(log.completions == [result])
    #expect(warnings.isEmpty)
  }

  @Test func theHandlerReceivesItsOwnAction() {
    let seen = ConfigurationSwipeLog()
    let favorite = ContextualAction(style: .normal, title: "Favorite", image: .symbol("heart")) {
      action, completion in
      seen.handled.append(
        "\(action.identifier) \(action.title ?? "-") \(action.image?.name ?? "-")")
      completion(true)
    }
    SwipeActionsConfiguration(actions: [favorite]).performAction(withIdentifier: "Favorite") { _ in
    }
    #expect(seen.handled == ["Favorite Favorite heart"])
  }

  @Test func aLaterCompletionIsReportedWhenItComes() {
    let log = ConfigurationSwipeLog()
    let confirm = ContextualAction(style: .destructive, title: "Delete") { _, completion in
      log.pending.append(completion)  // e.g. after a confirmation dialog
    }
    let configuration = SwipeActionsConfiguration(actions: [confirm])
    configuration.performAction(withIdentifier: "Delete") { log.completions.append($0) }
    #expect(log.completions.isEmpty)
    #expect(log.pending.count == 1)
    log.pending[0](false)
    #expect(log.completions == [false])
  }

  @Test func aSecondCompletionIsIgnoredWithAWarning() {
    let log = ConfigurationSwipeLog()
    let twice = ContextualAction(style: .normal, title: "Twice") { _, completion in
      completion(true)
      completion(false)
    }
    let warnings = configurationWarnings {
      SwipeActionsConfiguration(actions: [twice]).performAction(withIdentifier: "Twice") {
        log.completions.append($0)
      }
    }
    #expect(log.completions == [true])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("\"Twice\"") == true)
    #expect(warnings.first?.contains("more than once") == true)
  }

  @Test func anUnknownIdentifierRunsNothingCompletesFalseAndWarns() {
    let log = ConfigurationSwipeLog()
    let configuration = SwipeActionsConfiguration(actions: [action("Delete", log: log)])
    var found = true
    let warnings = configurationWarnings {
      found = configuration.performAction(withIdentifier: "Archive") { log.completions.append($0) }
    }
    #expect(!found)
    #expect(log.handled.isEmpty)
    #expect(log.completions == [false])
    #expect(
      warnings == [
        "SwipeActionsConfiguration.performAction(withIdentifier:completion:): no action has "
          + "identifier \"Archive\" (known: [\"Delete\"]); nothing was performed"
      ])
  }

  @Test func performingTheActionDirectlyAlsoRelaysOnce() {
    let log = ConfigurationSwipeLog()
    let flag = action("Flag", log: log, result: false)
    flag.perform { log.completions.append($0) }
    flag.perform { log.completions.append($0) }
    #expect(log.handled == ["Flag", "Flag"])
    #expect(log.completions == [false, false])
  }

  @Test func theDescriptionKeepsEverythingButTheHandlers() {
    let log = ConfigurationSwipeLog()
    var configuration = SwipeActionsConfiguration(actions: [
      action("Delete", style: .destructive, log: log),
      ContextualAction(
        style: .normal, image: .symbol("pin", accessibilityLabel: "Pin"),
        backgroundColor: .systemOrange, identifier: "pin"
      ) { _, completion in completion(true) },
    ])
    configuration.performsFirstActionWithFullSwipe = false
    #expect(
      configuration.rendererDescription
        == SwipeActionsDescription(
          actions: [
            ContextualActionDescription(
              identifier: "Delete", style: .destructive, title: "Delete", image: nil,
              backgroundColor: .destructive),
            ContextualActionDescription(
              identifier: "pin", style: .normal, title: nil,
              image: .symbol("pin", accessibilityLabel: "Pin"), backgroundColor: .systemOrange),
          ],
          performsFirstActionWithFullSwipe: false))
    #expect(log.handled.isEmpty)
  }

  @Test func aListAsksTheProviderOfTheSwipedEdgeWithTheIndexPath() {
    let log = ConfigurationSwipeLog()
    var configuration = ListLayoutConfiguration(appearance: .plain)
    configuration.leadingSwipeActionsConfigurationProvider = { indexPath in
      log.handled.append("leading \(indexPath.section)-\(indexPath.item)")
      return SwipeActionsConfiguration(actions: [])
    }
    configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
      log.handled.append("trailing \(indexPath.section)-\(indexPath.item)")
      guard indexPath.item != 0 else { return nil }
      let okay = ContextualAction(style: .normal, title: "Okay") { _, completion in
        completion(true)
      }
      return SwipeActionsConfiguration(actions: [okay])
    }
    let header = configuration.swipeActionsConfiguration(
      for: .trailing, at: IndexPath(item: 0, section: 1))
    let row = configuration.swipeActionsConfiguration(
      for: .trailing, at: IndexPath(item: 2, section: 1))
    let leading = configuration.swipeActionsConfiguration(
      for: .leading, at: IndexPath(item: 3, section: 0))
    #expect(header == nil)
    #expect(row?.actions.map(\.identifier) == ["Okay"])
    #expect(leading?.actions.isEmpty == true)
    #expect(log.handled == ["trailing 1-0", "trailing 1-2", "leading 0-3"])
  }

  @Test func anEdgeWithoutAProviderHasNoActions() {
    let configuration = ListLayoutConfiguration(appearance: .plain)
    #expect(
      configuration.swipeActionsConfiguration(for: .leading, at: IndexPath(item: 0, section: 0))
        == nil)
    #expect(
      configuration.swipeActionsConfiguration(for: .trailing, at: IndexPath(item: 0, section: 0))
        == nil)
  }

  @Test func aConfigurationsDescriptionCrossesToOtherIsolation() async {
    let log = ConfigurationSwipeLog()
    var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
    configuration.trailingSwipeActionsConfigurationProvider = { _ in
      SwipeActionsConfiguration(actions: [
        ContextualAction(style: .normal, title: "Okay") { _, completion in
          log.handled.append("Okay")
          completion(true)
        }
      ])
    }
    // The configuration holds closures of this isolation and stays here; its description
    // is plain data that travels.
    let description = configuration.rendererDescription
    let crossed = await Task.detached { description.hasTrailingSwipeActions }.value
    #expect(crossed)
    let actions = configuration.swipeActionsConfiguration(
      for: .trailing, at: IndexPath(item: 0, section: 0))
    actions?.performAction(withIdentifier: "Okay") { log.completions.append($0) }
    #expect(log.handled == ["Okay"])
    #expect(log.completions == [true])
  }
}
