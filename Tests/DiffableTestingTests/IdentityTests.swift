import DiffableTesting
import Testing

@Suite("Identity preservation")
struct IdentityTests {
  let old = snapshot(["A": ["a", "b", "c"], "B": ["d"]])

  @Test func deleteAndInsertOfAnUnmarkedItemLosesItsCell() throws {
    let new = snapshot(["A": ["a", "c", "b"], "B": ["d"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(deletedItems: [at(0, 1)], insertedItems: [at(0, 2)]), from: old, to: new)
    #expect(replay.itemsThatLostTheirCell == ["b"])
    #expect(throws: BatchUpdateError.self) { try replay.checkIdentityPreserved() }
    do {
      try replay.checkIdentityPreserved()
    } catch {
      #expect(error.rule == .identityNotPreserved)
      #expect(
        error.message.hasPrefix(
          "item \"b\" loses its cell: it is deleted from item 1 in section 0 and inserted at "
            + "item 2 in section 0"))
    }
  }

  @Test func unmarkedReloadLosesTheCell() throws {
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedItems: [at(0, 2), at(1, 0)]), from: old, to: old)
    #expect(replay.itemsThatLostTheirCell == ["c", "d"])
    do {
      try replay.checkIdentityPreserved()
      Issue.record("expected identityNotPreserved")
    } catch {
      #expect(
        error.message.contains("item \"c\" loses its cell: it is reloaded at item 2 in section 0"))
      #expect(error.message.contains("(2 items lose their cell; this is the first)"))
    }
  }

  @Test func reloadMarkedItemsMayLoseTheirCell() throws {
    var new = snapshot(["A": ["a", "c"], "B": ["b", "d"]])
    new.reloadItems(["b"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(deletedItems: [at(0, 1)], insertedItems: [at(1, 0)]), from: old, to: new)
    #expect(replay.itemsThatLostTheirCell.isEmpty)
    try replay.checkIdentityPreserved()
  }

  @Test func itemsOfDeletedOrFreshSectionsMayLoseTheirCell() throws {
    // d's old section is deleted; a's new section is inserted; c's section is reloaded.
    let new = snapshot(["A": ["b", "c", "d"], "X": ["a"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(
        deletedSections: [1], insertedSections: [1], reloadedSections: [0]),
      from: old, to: new)
    #expect(replay.itemsThatLostTheirCell.isEmpty)
    try replay.checkIdentityPreserved()
  }

  @Test func movesKeepTheirCells() throws {
    let new = snapshot(["A": ["c", "a"], "B": ["b", "d"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(movedItems: [move(at(0, 2), at(0, 0)), move(at(0, 1), at(1, 0))]), from: old,
      to: new)
    #expect(replay.itemsThatLostTheirCell.isEmpty)
    try replay.checkIdentityPreserved()
  }
}
