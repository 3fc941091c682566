import DiffableTesting
import Testing

@Suite("Valid batches replay onto the new snapshot")
struct ValidBatchTests {
  @Test func emptyBatchOnEqualSnapshots() throws {
    let old = snapshot(["A": ["a", "b"], "B": []])
    let replay = try BatchUpdateSimulator.replay(BatchUpdate(), from: old, to: old)
    #expect(replay.snapshot == old)
    #expect(replay.keptCellCount == 2)
    #expect(replay.freshCellCount == 0)
    #expect(replay.sections[0].cells[1] == .init(identifier: "b", origin: .kept(from: at(0, 1))))
  }

  @Test func emptySnapshots() throws {
    let replay = try BatchUpdateSimulator.replay(BatchUpdate(), from: Snapshot(), to: Snapshot())
    #expect(replay.sections.isEmpty)
  }

  @Test func deletesInsertsAndMovesAcrossSections() throws {
    let old = snapshot(["A": ["a", "b", "c", "d"], "B": ["e", "f", "g"]])
    let new = snapshot(["A": ["b", "x", "g", "d"], "B": ["e", "c", "y"]])
    // Listed out of order on purpose: the order of operations does not matter.
    let update = BatchUpdate(
      deletedItems: [at(1, 1), at(0, 0)],
      insertedItems: [at(1, 2), at(0, 1)],
      movedItems: [move(at(0, 2), at(1, 1)), move(at(1, 2), at(0, 2))])
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
    #expect(
      replay.sections[0].cells.map(\.origin) == [
        .kept(from: at(0, 1)), .inserted, .moved(from: at(1, 2)), .kept(from: at(0, 3)),
      ])
    #expect(
      replay.sections[1].cells.map(\.origin) == [
        .kept(from: at(1, 0)), .moved(from: at(0, 2)), .inserted,
      ])
    #expect(
      replay.sections[0].cells.map(\.origin.oldIndexPath) == [at(0, 1), nil, at(1, 2), at(0, 3)])
    #expect(replay.movedItemCount == 2)
    #expect(replay.keptCellCount == 5)
    #expect(replay.freshCellCount == 2)
    #expect(replay.itemsThatLostTheirCell.isEmpty)
  }

  @Test func survivorsFillTheFreePositionsInOrder() throws {
    // As UIKit places them: inserts and move destinations first, the rest in old order.
    let old = snapshot(["A": ["a", "b", "c", "d", "e"]])
    let new = snapshot(["A": ["x", "e", "a", "c", "d"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(
        deletedItems: [at(0, 1)], insertedItems: [at(0, 0)], movedItems: [move(at(0, 4), at(0, 1))]),
      from: old, to: new)
    #expect(identifiers(of: replay.sections[0]) == ["x", "e", "a", "c", "d"])
    #expect(replay.sections[0].cells[4].origin == .kept(from: at(0, 3)))
  }

  @Test func sectionDeletesAndInsertsShiftTheKeptSections() throws {
    let old = snapshot(["A": ["a"], "B": ["b"], "C": ["c"]])
    let new = snapshot(["B": ["b"], "D": ["d", "e"], "C": ["c"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(deletedSections: [0], insertedSections: [1]), from: old, to: new)
    #expect(replay.sections.map(\.origin) == [.kept(from: 1), .inserted, .kept(from: 2)])
    #expect(replay.sections[0].cells[0].origin == .kept(from: at(1, 0)))
    #expect(replay.sections[1].cells.map(\.origin) == [.inFreshSection, .inFreshSection])
    #expect(replay.freshCellCount == 2)
  }

  @Test func sectionMovesWithoutItemChanges() throws {
    let old = snapshot(["A": ["a", "b"], "B": ["c"], "C": ["d"]])
    let new = snapshot(["C": ["d"], "A": ["a", "b"], "B": ["c"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(movedSections: [.init(from: 2, to: 0)]), from: old, to: new)
    #expect(replay.sections.map(\.origin) == [.moved(from: 2), .kept(from: 0), .kept(from: 1)])
    #expect(replay.sections[0].cells == [.init(identifier: "d", origin: .kept(from: at(2, 0)))])
    #expect(replay.sections[1].cells[1].origin == .kept(from: at(0, 1)))
    #expect(replay.movedSectionCount == 1)
    #expect(replay.movedItemCount == 0)
  }

  @Test func sectionMovesAlongsideItemChangesInOtherSections() throws {
    // B moves behind C while A loses an item and C gains one: allowed, A and C stay put.
    let old = snapshot(["A": ["a", "b"], "B": ["c"], "C": ["d"]])
    let new = snapshot(["A": ["b"], "C": ["d", "x"], "B": ["c"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(
        movedSections: [.init(from: 1, to: 2)], deletedItems: [at(0, 0)],
        insertedItems: [at(1, 1)]),
      from: old, to: new)
    #expect(replay.snapshot == new)
    #expect(replay.sections.map(\.origin) == [.kept(from: 0), .kept(from: 2), .moved(from: 1)])
  }

  @Test func reloadStaysInPlaceBetweenInserts() throws {
    // The reload names old (0, 1); the cell lands at new (0, 2) after the insert at 0.
    var new = snapshot(["A": ["x", "a", "b"]])
    new.reloadItems(["b"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(insertedItems: [at(0, 0)], reloadedItems: [at(0, 1)]),
      from: snapshot(["A": ["a", "b"]]), to: new)
    #expect(
      replay.sections[0].cells[2] == .init(identifier: "b", origin: .reloaded(from: at(0, 1))))
    #expect(replay.freshCellCount == 2)
  }

  @Test func reloadedSectionFetchesItsItemsFromTheNewSnapshot() throws {
    let old = snapshot(["A": ["a"], "B": ["b", "c"]])
    var new = snapshot(["A": ["a"], "B": ["x", "c", "y"]])
    new.reloadSections(["B"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(reloadedSections: [1]), from: old, to: new)
    #expect(replay.sections[1].origin == .reloaded(from: 1))
    #expect(identifiers(of: replay.sections[1]) == ["x", "c", "y"])
    #expect(replay.sections[1].cells.allSatisfy { $0.origin == .inFreshSection })
    #expect(replay.itemsThatLostTheirCell.isEmpty)
  }

  @Test func itemsLeaveADeletedSectionAndEnterAnInsertedOne() throws {
    // b leaves deleted B as a plain insert into A; d enters inserted D with the section.
    let old = snapshot(["A": ["a", "d"], "B": ["b"]])
    let new = snapshot(["A": ["a", "b"], "D": ["d"]])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(
        deletedSections: [1], insertedSections: [1], deletedItems: [at(0, 1)],
        insertedItems: [at(0, 1)]),
      from: old, to: new)
    #expect(replay.snapshot == new)
    #expect(replay.itemsThatLostTheirCell.isEmpty)
  }

  @Test func descriptionListsEveryCellWithItsOrigin() throws {
    var new = snapshot(["A": ["b", "a"], "B": ["x"]])
    new.reconfigureItems(["a"])
    let replay = try BatchUpdateSimulator.replay(
      BatchUpdate(
        insertedSections: [1], reconfiguredItems: [at(0, 1)],
        movedItems: [move(at(0, 1), at(0, 0))]),
      from: snapshot(["A": ["a", "b"]]), to: new)
    #expect(
      replay.description == """
        BatchUpdateReplay(2 sections, 3 cells)
        section 0 "A" (kept from section 0): "b" (moved from item 1 in section 0), \
        "a" (kept from item 0 in section 0, reconfigured)
        section 1 "B" (inserted): "x" (in a fresh section)
        """)
  }
}
