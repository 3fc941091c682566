import DiffableTesting
import Testing

@Suite("The replay must land on the new snapshot")
struct LandingTests {
  @Test func itemsInTheWrongOrder() {
    expectRejection(
      BatchUpdate(), from: snapshot(["A": ["a", "b"]]), to: snapshot(["A": ["b", "a"]]),
      rule: .landingMismatch,
      mentioning: [
        "item 0 in section 0 after the update has identifier \"a\" (kept from item 0 in "
          + "section 0), but the new snapshot has identifier \"b\" there"
      ])
  }

  @Test func sectionsInTheWrongOrder() {
    expectRejection(
      BatchUpdate(), from: snapshot(["A": [], "B": []]), to: snapshot(["B": [], "A": []]),
      rule: .landingMismatch,
      mentioning: [
        "section 0 after the update has identifier \"A\" (kept from section 0), but the new "
          + "snapshot has identifier \"B\" there"
      ])
  }

  @Test func moveToTheWrongDestination() {
    // c belongs at the front; moving it to position 1 leaves a in front.
    expectRejection(
      BatchUpdate(movedItems: [move(at(0, 2), at(0, 1))]), from: snapshot(["A": ["a", "b", "c"]]),
      to: snapshot(["A": ["c", "a", "b"]]), rule: .landingMismatch,
      mentioning: [
        "item 0 in section 0 after the update has identifier \"a\"", "identifier \"c\" there",
      ])
  }

  @Test func deleteOfTheWrongItem() {
    expectRejection(
      BatchUpdate(deletedItems: [at(1, 0)]),
      from: snapshot(["A": ["a"], "B": ["b", "c"]]), to: snapshot(["A": ["a"], "B": ["b"]]),
      rule: .landingMismatch,
      mentioning: ["item 0 in section 1 after the update has identifier \"c\" (kept from item 1"])
  }
}
