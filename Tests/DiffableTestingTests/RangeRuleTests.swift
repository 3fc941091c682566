import DiffableTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("Indexes out of range")
struct RangeRuleTests {
  let old = snapshot(["A": ["a", "b", "c", "d", "e"], "B": ["f", "g"]])

  @Test func sectionDeleteBeyondTheOldSections() {
    expectRejection(
      BatchUpdate(deletedSections: [2]), from: old, to: old, rule: .sectionIndexOutOfRange,
      mentioning: ["attempt to delete section 2, but there are only 2 sections before the update"])
  }

  @Test func sectionInsertBeyondTheNewSections() {
    let new = snapshot(["A": ["a", "b", "c", "d", "e"], "B": ["f", "g"], "C": []])
    expectRejection(
      BatchUpdate(insertedSections: [3]), from: old, to: new, rule: .sectionIndexOutOfRange,
      mentioning: ["attempt to insert section 3, but there are only 3 sections after the update"])
  }

  @Test func negativeSectionReload() {
    expectRejection(
      BatchUpdate(reloadedSections: [-1]), from: old, to: old, rule: .sectionIndexOutOfRange,
      mentioning: ["attempt to reload section -1", "cannot be negative"])
  }

  @Test func sectionMoveSourceAndDestination() {
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 5, to: 0)]), from: old, to: old,
      rule: .sectionIndexOutOfRange,
      mentioning: ["attempt to move section 5 to section 0", "only 2 sections before the update"])
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 4)]), from: old, to: old,
      rule: .sectionIndexOutOfRange,
      mentioning: ["attempt to move section 0 to section 4", "only 2 sections after the update"])
  }

  @Test func itemDeleteBeyondTheOldItems() {
    expectRejection(
      BatchUpdate(deletedItems: [at(0, 7)]), from: old, to: old, rule: .itemIndexOutOfRange,
      mentioning: [
        "attempt to delete item 7 from section 0, but section 0 (identifier \"A\") only "
          + "contains 5 items before the update"
      ])
  }

  @Test func itemOperationInASectionThatDoesNotExist() {
    expectRejection(
      BatchUpdate(reloadedItems: [at(4, 0)]), from: old, to: old, rule: .itemIndexOutOfRange,
      mentioning: [
        "attempt to reload item 0 in section 4, but there are only 2 sections before the update"
      ])
    let new = snapshot(["A": ["a", "b", "c", "d", "e"]])
    expectRejection(
      BatchUpdate(deletedSections: [1], insertedItems: [at(1, 0)]), from: old, to: new,
      rule: .itemIndexOutOfRange,
      mentioning: ["insert item 0 into section 1, but there are only 1 sections after the update"]
    )
  }

  @Test func itemInsertBeyondTheNewItems() {
    let new = snapshot(["A": ["a", "b", "c", "d", "e"], "B": ["f", "g", "h"]])
    expectRejection(
      BatchUpdate(insertedItems: [at(1, 5)]), from: old, to: new, rule: .itemIndexOutOfRange,
      mentioning: [
        "attempt to insert item 5 into section 1, but there are only 3 items in section 1 "
          + "(identifier \"B\") after the update"
      ])
  }

  @Test func itemMoveSourceAndDestination() {
    expectRejection(
      BatchUpdate(movedItems: [move(at(0, 9), at(1, 0))]), from: old, to: old,
      rule: .itemIndexOutOfRange,
      mentioning: [
        "attempt to move item 9 in section 0 to item 0 in section 1",
        "only contains 5 items before the update",
      ])
    expectRejection(
      BatchUpdate(movedItems: [move(at(0, 0), at(1, 2))]), from: old, to: old,
      rule: .itemIndexOutOfRange,
      mentioning: [
        "attempt to move item 0 in section 0 to item 2 in section 1",
        "only 2 items in section 1 (identifier \"B\") after the update",
      ])
  }

  @Test func reconfigureBeyondTheNewItems() {
    expectRejection(
      BatchUpdate(reconfiguredItems: [at(1, 2)]), from: old, to: old, rule: .itemIndexOutOfRange,
      mentioning: ["attempt to reconfigure item 2 in section 1", "only 2 items in section 1"])
  }

  @Test func negativeItemIndex() {
    expectRejection(
      BatchUpdate(deletedItems: [at(0, -1)]), from: old, to: old, rule: .itemIndexOutOfRange,
      mentioning: ["attempt to delete item -1 from section 0", "cannot be negative"])
  }
}
