import DiffableTesting
import Testing

@Suite("Reconfigures: new index paths, after the batch")
struct ReconfigureTests {
  @Test func reconfigureOfAnInsertedCell() {
    expectRejection(
      BatchUpdate(insertedItems: [at(0, 0)], reconfiguredItems: [at(0, 0)]),
      from: snapshot(["A": ["a"]]), to: snapshot(["A": ["x", "a"]]), rule: .invalidReconfigure,
      mentioning: [
        "attempt to reconfigure item 0 in section 0 (identifier \"x\"), but its cell is new "
          + "(inserted)"
      ])
  }

  @Test func reconfigureOfAReloadedCell() {
    // The reload names the old path (0, 0); the reconfigure the new path (0, 1).
    expectRejection(
      BatchUpdate(
        insertedItems: [at(0, 0)], reloadedItems: [at(0, 0)], reconfiguredItems: [at(0, 1)]),
      from: snapshot(["A": ["a"]]), to: snapshot(["A": ["x", "a"]]), rule: .invalidReconfigure,
      mentioning: [
        "attempt to reconfigure item 1 in section 0 (identifier \"a\")",
        "(reloaded from item 0 in section 0)",
      ])
  }

  @Test func reconfigureInsideAnInsertedSection() {
    expectRejection(
      BatchUpdate(insertedSections: [0], reconfiguredItems: [at(0, 1)]),
      from: snapshot(["A": ["a"]]), to: snapshot(["X": ["x", "y"], "A": ["a"]]),
      rule: .invalidReconfigure,
      mentioning: ["reconfigure item 1 in section 0 (identifier \"y\")", "(in a fresh section)"])
  }

  @Test func reconfigureOfTheSamePositionTwice() {
    expectRejection(
      BatchUpdate(reconfiguredItems: [at(0, 1), at(0, 1)]), from: snapshot(["A": ["a", "b"]]),
      to: snapshot(["A": ["a", "b"]]), rule: .invalidReconfigure,
      mentioning: ["attempt to reconfigure item 1 in section 0 (identifier \"b\") twice"])
  }

  @Test func reconfigureNamesTheNewIndexPathOfAMovedCell() throws {
    var new = snapshot(["A": ["c", "a", "b"]])
    new.reconfigureItems(["c"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reconfiguredItems: [at(0, 0)], movedItems: [move(at(0, 2), at(0, 0))]),
      from: snapshot(["A": ["a", "b", "c"]]), to: new)
    let cell = replay.sections[0].cells[0]
    #expect(cell == .init(identifier: "c", origin: .moved(from: at(0, 2)), isReconfigured: true))
    #expect(replay.sections[0].cells.filter(\.isReconfigured).count == 1)
    #expect(replay.reconfiguredCellCount == 1)
  }

  @Test func reconfigureAtTheOldIndexPathOfAMovedCellIsWrong() {
    // Reconfiguring (0, 2), the old position of "c", refreshes "b" instead and leaves the mark
    // on "c" unhonoured.
    var new = snapshot(["A": ["c", "a", "b"]])
    new.reconfigureItems(["c"])
    expectRejection(
      BatchUpdate(reconfiguredItems: [at(0, 2)], movedItems: [move(at(0, 2), at(0, 0))]),
      from: snapshot(["A": ["a", "b", "c"]]), to: new, rule: .reconfigureMarkIgnored,
      mentioning: ["item identifier \"c\"", "reconfigure item 0 in section 0"])
  }
}
