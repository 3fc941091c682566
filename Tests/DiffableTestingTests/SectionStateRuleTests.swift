import DiffableTesting
import Testing

@Suite("Item changes inside deleted, inserted, reloaded or moving sections")
struct SectionStateRuleTests {
  let old = snapshot(["A": ["a", "b"], "B": ["c", "d"]])

  @Test func itemDeletedInsideADeletedSection() {
    expectRejection(
      BatchUpdate(deletedSections: [1], deletedItems: [at(1, 0)]), from: old,
      to: snapshot(["A": ["a", "b"]]), rule: .itemInChangedSection,
      mentioning: [
        "attempt to delete item 0 from section 1, but section 1 (identifier \"B\") is deleted "
          + "in the same batch"
      ])
  }

  @Test func itemMovedOutOfADeletedSection() {
    expectRejection(
      BatchUpdate(deletedSections: [1], movedItems: [move(at(1, 1), at(0, 0))]), from: old,
      to: snapshot(["A": ["d", "a", "b"]]), rule: .itemInChangedSection,
      mentioning: ["move item 1 in section 1 to item 0 in section 0", "is deleted in the same"])
  }

  @Test func itemReloadedInsideAReloadedSection() {
    expectRejection(
      BatchUpdate(reloadedSections: [1], reloadedItems: [at(1, 1)]), from: old, to: old,
      rule: .itemInChangedSection,
      mentioning: [
        "attempt to reload item 1 in section 1, but section 1 (identifier \"B\") is reloaded in "
          + "the same batch"
      ])
  }

  @Test func itemInsertedIntoAnInsertedSection() {
    expectRejection(
      BatchUpdate(insertedSections: [2], insertedItems: [at(2, 0)]), from: old,
      to: snapshot(["A": ["a", "b"], "B": ["c", "d"], "C": ["x"]]), rule: .itemInChangedSection,
      mentioning: [
        "attempt to insert item 0 into section 2, but section 2 (identifier \"C\") is inserted "
          + "in the same batch"
      ])
  }

  @Test func itemMovedIntoAReloadedSection() {
    // Section 1 is reloaded; its new index is found by placement (it stays in place).
    expectRejection(
      BatchUpdate(reloadedSections: [1], movedItems: [move(at(0, 0), at(1, 0))]), from: old,
      to: snapshot(["A": ["b"], "B": ["a", "c", "d"]]), rule: .itemInChangedSection,
      mentioning: [
        "move item 0 in section 0 to item 0 in section 1, but section 1 (identifier \"B\") is "
          + "reloaded (section 1 before the update) in the same batch"
      ])
  }

  @Test func reloadedSectionIsFoundAtItsNewIndex() throws {
    // Old section 1 is reloaded and lands at new index 2 after an insert at 0; an insert at
    // new index 1 (a kept section) is fine, one at new index 2 is not.
    let new = snapshot(["X": [], "A": ["a", "b", "y"], "B": ["z"]])
    let update = BatchUpdate(insertedSections: [0], reloadedSections: [1])
    expectRejection(
      BatchUpdate(
        insertedSections: update.insertedSections, reloadedSections: update.reloadedSections,
        insertedItems: [at(1, 2), at(2, 0)]),
      from: old, to: new, rule: .itemInChangedSection,
      mentioning: ["insert item 0 into section 2, but section 2 (identifier \"B\") is reloaded"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(
        insertedSections: update.insertedSections, reloadedSections: update.reloadedSections,
        insertedItems: [at(1, 2)]),
      from: old, to: new)
    #expect(replay.sections.map(\.origin) == [.inserted, .kept(from: 0), .reloaded(from: 1)])
  }

  // Sections A, B, C; C moves to the front.
  let three = snapshot(["A": ["a", "b"], "B": ["c", "d"], "C": ["e"]])
  let sectionMove = BatchUpdate.SectionMove(from: 2, to: 0)

  @Test func itemDeletedInsideAMovingSection() {
    expectRejection(
      BatchUpdate(movedSections: [sectionMove], deletedItems: [at(2, 0)]), from: three,
      to: snapshot(["C": [], "A": ["a", "b"], "B": ["c", "d"]]), rule: .itemChangeInMovedSection,
      mentioning: [
        "attempt to delete item 0 from section 2, but section 2 (identifier \"C\") moves to "
          + "section 0 in the same batch",
        "delete and insert the section instead",
      ])
  }

  @Test func itemInsertedIntoAMovingSection() {
    expectRejection(
      BatchUpdate(movedSections: [sectionMove], insertedItems: [at(0, 1)]), from: three,
      to: snapshot(["C": ["e", "x"], "A": ["a", "b"], "B": ["c", "d"]]),
      rule: .itemChangeInMovedSection,
      mentioning: [
        "attempt to insert item 1 into section 0, but section 0 (identifier \"C\") moves from "
          + "section 2 in the same batch"
      ])
  }

  @Test func itemMovedIntoAMovingSection() {
    expectRejection(
      BatchUpdate(movedSections: [sectionMove], movedItems: [move(at(0, 0), at(0, 1))]),
      from: three, to: snapshot(["C": ["e", "a"], "A": ["b"], "B": ["c", "d"]]),
      rule: .itemChangeInMovedSection,
      mentioning: ["move item 0 in section 0 to item 1 in section 0", "moves from section 2"])
  }

  @Test func itemMovedOutOfAMovingSection() {
    expectRejection(
      BatchUpdate(movedSections: [sectionMove], movedItems: [move(at(2, 0), at(1, 0))]),
      from: three, to: snapshot(["C": [], "A": ["e", "a", "b"], "B": ["c", "d"]]),
      rule: .itemChangeInMovedSection,
      mentioning: ["move item 0 in section 2 to item 0 in section 1", "moves to section 0"])
  }

  @Test func itemReloadedInsideAMovingSection() {
    expectRejection(
      BatchUpdate(movedSections: [sectionMove], reloadedItems: [at(2, 0)]), from: three,
      to: snapshot(["C": ["e"], "A": ["a", "b"], "B": ["c", "d"]]),
      rule: .itemChangeInMovedSection, mentioning: ["reload item 0 in section 2"])
  }

  @Test func reconfigureInsideAMovingSectionIsAllowed() throws {
    var new = snapshot(["C": ["e"], "A": ["a", "b"], "B": ["c", "d"]])
    new.reconfigureItems(["e"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(movedSections: [sectionMove], reconfiguredItems: [at(0, 0)]), from: three,
      to: new)
    #expect(replay.sections[0].origin == .moved(from: 2))
    #expect(
      replay.sections[0].cells == [
        .init(identifier: "e", origin: .kept(from: at(2, 0)), isReconfigured: true)
      ])
  }
}
