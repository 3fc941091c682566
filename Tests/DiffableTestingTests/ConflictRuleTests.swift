import DiffableTesting
import Testing

@Suite("Positions used twice, reload conflicts")
struct ConflictRuleTests {
  let threeSections = snapshot(["A": ["a"], "B": ["b"], "C": ["c"]])

  @Test func sectionDeletedTwice() {
    expectRejection(
      BatchUpdate(deletedSections: [1, 1]), from: threeSections,
      to: snapshot(["A": ["a"], "C": ["c"]]), rule: .sectionUsedTwice,
      mentioning: ["attempt to delete section 1 (identifier \"B\") twice"])
  }

  @Test func sectionReloadedTwice() {
    expectRejection(
      BatchUpdate(reloadedSections: [2, 2]), from: threeSections, to: threeSections,
      rule: .sectionUsedTwice, mentioning: ["attempt to reload section 2 (identifier \"C\") twice"])
  }

  @Test func sectionMovedTwice() {
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 2), .init(from: 0, to: 1)]),
      from: threeSections, to: snapshot(["B": ["b"], "C": ["c"], "A": ["a"]]),
      rule: .sectionUsedTwice,
      mentioning: [
        "attempt to move section 0 (identifier \"A\") twice, to section 2 and to section 1"
      ]
    )
  }

  @Test func sectionDeletedAndMoved() {
    expectRejection(
      BatchUpdate(deletedSections: [1], movedSections: [.init(from: 1, to: 0)]),
      from: threeSections, to: snapshot(["A": ["a"], "C": ["c"]]), rule: .sectionUsedTwice,
      mentioning: [
        "attempt to perform a delete and a move from the same section: section 1 "
          + "(identifier \"B\") is deleted and moved to section 0"
      ])
  }

  @Test func sectionInsertedTwice() {
    expectRejection(
      BatchUpdate(insertedSections: [1, 1]), from: threeSections,
      to: snapshot(["A": ["a"], "X": [], "B": ["b"], "C": ["c"]]), rule: .sectionUsedTwice,
      mentioning: ["attempt to insert section 1 (identifier \"X\") twice"])
  }

  @Test func sectionInsertedAtAMoveDestination() {
    expectRejection(
      BatchUpdate(insertedSections: [0], movedSections: [.init(from: 2, to: 0)]),
      from: threeSections, to: snapshot(["C": ["c"], "A": ["a"], "B": ["b"]]),
      rule: .sectionUsedTwice,
      mentioning: [
        "attempt to perform an insert and a move to the same section: section 0 "
          + "(identifier \"C\") is inserted and is the destination of section 2 (identifier \"C\")"
      ])
  }

  @Test func twoSectionsMovedToTheSameDestination() {
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 1, to: 0), .init(from: 2, to: 0)]),
      from: threeSections, to: snapshot(["C": ["c"], "A": ["a"], "B": ["b"]]),
      rule: .sectionUsedTwice,
      mentioning: [
        "attempt to move two sections to the same section, section 0 (identifier \"C\"): "
          + "section 1 (identifier \"B\") and section 2 (identifier \"C\")"
      ])
  }

  @Test func sectionDeletedAndReloaded() {
    expectRejection(
      BatchUpdate(deletedSections: [1], reloadedSections: [1]), from: threeSections,
      to: snapshot(["A": ["a"], "C": ["c"]]), rule: .sectionReloadConflict,
      mentioning: ["attempt to delete and reload the same section: section 1 (identifier \"B\")"])
  }

  @Test func sectionReloadedAndMoved() {
    expectRejection(
      BatchUpdate(reloadedSections: [1], movedSections: [.init(from: 1, to: 0)]),
      from: threeSections, to: snapshot(["B": ["b"], "A": ["a"], "C": ["c"]]),
      rule: .sectionReloadConflict,
      mentioning: [
        "attempt to reload and move the same section: section 1 (identifier \"B\") is "
          + "reloaded and moved to section 0"
      ])
  }

  let old = snapshot(["A": ["a", "b", "c"], "B": ["d"]])

  @Test func itemDeletedTwice() {
    expectRejection(
      BatchUpdate(deletedItems: [at(0, 1), at(0, 1)]), from: old,
      to: snapshot(["A": ["a", "c"], "B": ["d"]]), rule: .itemUsedTwice,
      mentioning: ["attempt to delete item 1 in section 0 (identifier \"b\") twice"])
  }

  @Test func itemReloadedTwice() {
    expectRejection(
      BatchUpdate(reloadedItems: [at(1, 0), at(1, 0)]), from: old, to: old, rule: .itemUsedTwice,
      mentioning: ["attempt to reload item 0 in section 1 (identifier \"d\") twice"])
  }

  @Test func itemMovedTwice() {
    expectRejection(
      BatchUpdate(movedItems: [move(at(0, 0), at(1, 0)), move(at(0, 0), at(0, 1))]), from: old,
      to: snapshot(["A": ["b", "c"], "B": ["a", "d"]]), rule: .itemUsedTwice,
      mentioning: [
        "attempt to move item 0 in section 0 (identifier \"a\") twice, to item 0 in section 1 "
          + "and to item 1 in section 0"
      ])
  }

  @Test func itemDeletedAndMoved() {
    expectRejection(
      BatchUpdate(deletedItems: [at(0, 1)], movedItems: [move(at(0, 1), at(1, 0))]), from: old,
      to: snapshot(["A": ["a", "c"], "B": ["b", "d"]]), rule: .itemUsedTwice,
      mentioning: [
        "attempt to perform a delete and a move from the same index path: item 1 in section 0 "
          + "(identifier \"b\") is deleted and moved to item 0 in section 1"
      ])
  }

  @Test func itemInsertedTwice() {
    expectRejection(
      BatchUpdate(insertedItems: [at(0, 0), at(0, 0)]), from: old,
      to: snapshot(["A": ["x", "a", "b", "c"], "B": ["d"]]), rule: .itemUsedTwice,
      mentioning: ["attempt to insert item 0 in section 0 (identifier \"x\") twice"])
  }

  @Test func itemInsertedAtAMoveDestination() {
    expectRejection(
      BatchUpdate(insertedItems: [at(0, 0)], movedItems: [move(at(1, 0), at(0, 0))]), from: old,
      to: snapshot(["A": ["d", "a", "b", "c"], "B": []]), rule: .itemUsedTwice,
      mentioning: [
        "attempt to perform an insert and a move to the same index path: item 0 in section 0 "
          + "(identifier \"d\") is inserted and is the destination of item 0 in section 1 "
          + "(identifier \"d\")"
      ])
  }

  @Test func twoItemsMovedToTheSameDestination() {
    expectRejection(
      BatchUpdate(movedItems: [move(at(0, 0), at(1, 1)), move(at(0, 2), at(1, 1))]), from: old,
      to: snapshot(["A": ["b"], "B": ["d", "a", "c"]]), rule: .itemUsedTwice,
      mentioning: [
        "attempt to move two items to the same index path, item 1 in section 1 "
          + "(identifier \"a\"): item 0 in section 0 (identifier \"a\") and item 2 in section 0 "
          + "(identifier \"c\")"
      ])
  }

  @Test func itemDeletedAndReloaded() {
    expectRejection(
      BatchUpdate(deletedItems: [at(0, 2)], reloadedItems: [at(0, 2)]), from: old,
      to: snapshot(["A": ["a", "b"], "B": ["d"]]), rule: .itemReloadConflict,
      mentioning: [
        "attempt to delete and reload the same index path: item 2 in section 0 (identifier \"c\")"
      ])
  }

  @Test func itemReloadedAndMoved() {
    expectRejection(
      BatchUpdate(reloadedItems: [at(0, 0)], movedItems: [move(at(0, 0), at(1, 1))]), from: old,
      to: snapshot(["A": ["b", "c"], "B": ["d", "a"]]), rule: .itemReloadConflict,
      mentioning: [
        "attempt to reload and move the same index path: item 0 in section 0 (identifier \"a\") "
          + "is reloaded and moved to item 1 in section 1",
        "deleted and inserted instead",
      ])
  }
}
