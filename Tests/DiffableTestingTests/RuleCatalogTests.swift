import DiffableTesting
import Testing

/// One minimal broken batch per rule, so that a rule added to `BatchUpdateError.Rule`
/// without an example fails here.
@Suite("Every rule has a rejected example")
struct RuleCatalogTests {
  struct Example: Sendable {
    var update: BatchUpdate
    var old: Snapshot
    var new: Snapshot
  }

  static let ab = snapshot(["A": ["a", "b"]])
  static let catalog: [BatchUpdateError.Rule: Example] = [
    .sectionIndexOutOfRange: Example(update: BatchUpdate(deletedSections: [1]), old: ab, new: ab),
    .itemIndexOutOfRange: Example(update: BatchUpdate(deletedItems: [at(0, 2)]), old: ab, new: ab),
    .sectionUsedTwice: Example(
      update: BatchUpdate(deletedSections: [0, 0]), old: ab, new: Snapshot()),
    .itemUsedTwice: Example(
      update: BatchUpdate(deletedItems: [at(0, 0), at(0, 0)]), old: ab,
      new: snapshot(["A": ["b"]])),
    .sectionReloadConflict: Example(
      update: BatchUpdate(deletedSections: [0], reloadedSections: [0]), old: ab, new: Snapshot()),
    .itemReloadConflict: Example(
      update: BatchUpdate(deletedItems: [at(0, 0)], reloadedItems: [at(0, 0)]), old: ab,
      new: snapshot(["A": ["b"]])),
    .itemInChangedSection: Example(
      update: BatchUpdate(reloadedSections: [0], reloadedItems: [at(0, 0)]), old: ab, new: ab),
    .itemChangeInMovedSection: Example(
      update: BatchUpdate(movedSections: [.init(from: 0, to: 1)], deletedItems: [at(0, 0)]),
      old: snapshot(["A": ["a", "b"], "B": []]), new: snapshot(["B": [], "A": ["b"]])),
    .sectionCountMismatch: Example(update: BatchUpdate(), old: ab, new: Snapshot()),
    .itemCountMismatch: Example(update: BatchUpdate(), old: ab, new: snapshot(["A": ["a"]])),
    .invalidReconfigure: Example(
      update: BatchUpdate(reconfiguredItems: [at(0, 0), at(0, 0)]), old: ab, new: ab),
    .landingMismatch: Example(update: BatchUpdate(), old: ab, new: snapshot(["A": ["b", "a"]])),
    .reloadMarkIgnored: Example(
      update: BatchUpdate(), old: ab,
      new: {
        var new = ab
        new.reloadItems(["a"])
        return new
      }()),
    .reconfigureMarkIgnored: Example(
      update: BatchUpdate(), old: ab,
      new: {
        var new = ab
        new.reconfigureItems(["a"])
        return new
      }()),
    .sectionReloadMarkIgnored: Example(
      update: BatchUpdate(), old: ab,
      new: {
        var new = ab
        new.reloadSections(["A"])
        return new
      }()),
    .identityNotPreserved: Example(
      update: BatchUpdate(reloadedItems: [at(0, 1)]), old: ab, new: ab),
  ]

  @Test func everyRuleHasAnExample() {
    #expect(Set(Self.catalog.keys) == Set(BatchUpdateError.Rule.allCases))
  }

  @Test(arguments: BatchUpdateError.Rule.allCases)
  func exampleIsRejectedWithItsRule(rule: BatchUpdateError.Rule) throws {
    let example = try #require(Self.catalog[rule])
    do {
      let replay = try BatchUpdateSimulator.replay(
        example.update, from: example.old, to: example.new)
      try replay.checkIdentityPreserved()
      Issue.record("the example for \(rule) is accepted:\n\(replay)")
    } catch {
      #expect(error.rule == rule, "\(error)")
      #expect(!error.message.isEmpty)
    }
  }
}
