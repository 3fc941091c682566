import DiffableTesting
import Testing

@Suite("Counting rules")
struct CountRuleTests {
  @Test func sectionCountMustFollowInsertsAndDeletes() {
    expectRejection(
      BatchUpdate(), from: snapshot(["A": ["a"]]), to: snapshot(["A": ["a"], "B": []]),
      rule: .sectionCountMismatch,
      mentioning: [
        "Invalid update: invalid number of sections. The number of sections contained in the "
          + "list view after the update (2) must be equal to the number of sections contained "
          + "in the list view before the update (1), plus or minus the number of sections "
          + "inserted or deleted (0 inserted, 0 deleted)."
      ])
  }

  @Test func itemCountUsesUIKitsMessage() throws {
    let error = try #require(
      expectRejection(
        BatchUpdate(insertedItems: [at(0, 3)]), from: snapshot(["A": ["a", "b", "c"]]),
        to: snapshot(["A": ["a", "b", "c", "x", "y"]]), rule: .itemCountMismatch,
        mentioning: ["Section 0 has identifier \"A\"."]))
    #expect(
      error.message.hasPrefix(
        "Invalid update: invalid number of items in section 0. The number of items contained "
          + "in an existing section after the update (5) must be equal to the number of items "
          + "contained in that section before the update (3), plus or minus the number of items "
          + "inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the "
          + "number of items moved into or out of that section (0 moved in, 0 moved out)."))
  }

  @Test func itemCountCountsMovesBetweenSections() {
    // c moves from A to B, but B also needs d, which nothing inserts.
    expectRejection(
      BatchUpdate(deletedItems: [at(0, 0)], movedItems: [move(at(0, 2), at(1, 0))]),
      from: snapshot(["A": ["a", "b", "c"], "B": ["e"]]),
      to: snapshot(["A": ["b"], "B": ["c", "d", "e"]]), rule: .itemCountMismatch,
      mentioning: [
        "invalid number of items in section 1.", "after the update (3)",
        "before the update (1)", "(0 inserted, 0 deleted)", "(1 moved in, 0 moved out)",
      ])
  }

  @Test func itemCountOfAMovedSectionNamesItsOldIndex() {
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 1, to: 0)]),
      from: snapshot(["A": ["a"], "B": ["b"]]), to: snapshot(["B": ["b", "x"], "A": ["a"]]),
      rule: .itemCountMismatch,
      mentioning: [
        "invalid number of items in section 0.",
        "Section 0 has identifier \"B\" (section 1 before the update).",
      ])
  }

  @Test func reloadedSectionsAreNotCounted() throws {
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedSections: [0]), from: snapshot(["A": ["a"]]),
      to: snapshot(["A": ["x", "y", "z"]]))
    #expect(identifiers(of: replay.sections[0]) == ["x", "y", "z"])
  }
}
