import DiffableTesting
import Testing

@Suite("Reload and reconfigure marks of the new snapshot")
struct MarkTests {
  let old = snapshot(["A": ["a", "b", "c"], "B": ["d"]])

  @Test func reloadMarkIgnored() {
    var new = old
    new.reloadItems(["b"])
    expectRejection(
      BatchUpdate(), from: old, to: new, rule: .reloadMarkIgnored,
      mentioning: [
        "item identifier \"b\" is marked for reload in the new snapshot, but the batch keeps its "
          + "cell (kept from item 1 in section 0, at item 1 in section 0 after the update)"
      ])
  }

  @Test func reloadMarkOfAMovedItemIgnored() {
    var new = snapshot(["A": ["a", "c"], "B": ["b", "d"]])
    new.reloadItems(["b"])
    expectRejection(
      BatchUpdate(movedItems: [move(at(0, 1), at(1, 0))]), from: old, to: new,
      rule: .reloadMarkIgnored,
      mentioning: ["\"b\"", "moved from item 1 in section 0, at item 0 in section 1"])
  }

  @Test func reloadMarkHonouredByAReload() throws {
    var new = old
    new.reloadItems(["b"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedItems: [at(0, 1)]), from: old, to: new)
    #expect(
      replay.sections[0].cells[1] == .init(identifier: "b", origin: .reloaded(from: at(0, 1))))
  }

  @Test func reloadMarkHonouredByADeleteAndAnInsert() throws {
    var new = snapshot(["A": ["a", "c"], "B": ["b", "d"]])
    new.reloadItems(["b"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(deletedItems: [at(0, 1)], insertedItems: [at(1, 0)]), from: old, to: new)
    #expect(replay.sections[1].cells[0] == .init(identifier: "b", origin: .inserted))
    #expect(replay.itemsThatLostTheirCell.isEmpty)
  }

  @Test func reloadMarkHonouredByAReloadedSection() throws {
    var new = old
    new.reloadItems(["d"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedSections: [1]), from: old, to: new)
    #expect(replay.sections[1].cells[0].origin == .inFreshSection)
  }

  @Test func reloadMarkOnAnInsertedItemAsksForNothingMore() throws {
    var new = snapshot(["A": ["a", "b", "c", "x"], "B": ["d"]])
    new.reloadItems(["x"])
    new.reconfigureItems(["x"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(insertedItems: [at(0, 3)]), from: old, to: new)
    #expect(replay.freshCellCount == 1)
  }

  @Test func reconfigureMarkIgnored() {
    var new = old
    new.reconfigureItems(["d"])
    expectRejection(
      BatchUpdate(), from: old, to: new, rule: .reconfigureMarkIgnored,
      mentioning: [
        "item identifier \"d\" is marked for reconfigure in the new snapshot, but the batch "
          + "neither reconfigures nor replaces its cell (kept from item 0 in section 1): "
          + "reconfigure item 0 in section 1"
      ])
  }

  @Test func reconfigureMarkHonouredByAReconfigure() throws {
    var new = old
    new.reconfigureItems(["d"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reconfiguredItems: [at(1, 0)]), from: old, to: new)
    #expect(replay.sections[1].cells[0].isReconfigured)
  }

  @Test func reconfigureMarkHonouredByAFreshCell() throws {
    // A reload already shows the new content; so does a reloaded section.
    var new = old
    new.reloadItems(["b"])
    new.reconfigureItems(["b", "d"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedSections: [1], reloadedItems: [at(0, 1)]), from: old, to: new)
    #expect(replay.sections[0].cells[1].origin == .reloaded(from: at(0, 1)))
    #expect(!replay.sections[1].cells[0].isReconfigured)
  }

  @Test func sectionReloadMarkIgnored() {
    var new = snapshot(["B": ["d"], "A": ["a", "b", "c"]])
    new.reloadSections(["B"])
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 1, to: 0)]), from: old, to: new,
      rule: .sectionReloadMarkIgnored,
      mentioning: [
        "section identifier \"B\" is marked for reload in the new snapshot, but the batch keeps "
          + "it (section 1 before the update, section 0 after it, moved from section 1)"
      ])
  }

  @Test func sectionReloadMarkHonouredByAReload() throws {
    var new = old
    new.reloadSections(["A"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedSections: [0]), from: old, to: new)
    #expect(replay.sections[0].origin == .reloaded(from: 0))
  }

  @Test func sectionReloadMarkHonouredByADeleteAndAnInsert() throws {
    var new = snapshot(["B": ["d"], "A": ["a", "b", "c"]])
    new.reloadSections(["B"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(deletedSections: [1], insertedSections: [0]), from: old, to: new)
    #expect(replay.sections.map(\.origin) == [.inserted, .kept(from: 0)])
  }
}
