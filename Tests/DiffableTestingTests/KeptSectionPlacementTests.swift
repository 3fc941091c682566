import Testing

@testable import DiffableTesting

/// The simulator's placement of a kept section's cells, called directly. The public API
/// checks the counts first, so its two preconditions (both ranges within the buffers, tested
/// for the new and for the old range; a staying cell for every free position) guard states
/// no batch can reach, and only a direct call shows that they stop rather than read past a
/// buffer.
@Suite struct KeptSectionPlacementTests {
  typealias Simulator = BatchUpdateSimulator

  /// Kinds and old positions of `origins`, to compare with a plain list.
  static func described(_ origins: [Simulator.FlatCellOrigin]) -> [String] {
    origins.map { origin in
      switch origin.kind {
      case .kept: "kept \(origin.from)"
      case .moved: "moved \(origin.from)"
      case .reloaded: "reloaded \(origin.from)"
      case .inserted: "inserted"
      case .inFreshSection: "fresh"
      }
    }
  }

  /// Runs the placement for new positions `range` from old positions `oldRange`.
  static func place(
    _ range: Range<Int>, from oldRange: Range<Int>, old: [Simulator.OldRole],
    new: [Simulator.NewRole]
  ) -> [Simulator.FlatCellOrigin] {
    var origins = [Simulator.FlatCellOrigin](repeating: .inFreshSection, count: new.count)
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        origins.withUnsafeMutableBufferPointer { origins in
          Simulator.placeCellsOfKeptSection(
            at: range, from: oldRange, oldRoles: old, newRoles: new, into: origins)
        }
      }
    }
    return origins
  }

  @Test func freePositionsTakeTheStayingOldCellsInOrder() {
    // Old cells 1...4 form the section: 2 is deleted, 3 moves out; 1 and 4 stay, 4 reloaded.
    let old: [Simulator.OldRole] = [.untouched, .untouched, .deleted, .movedOut(to: 3), .reloaded]
    let new: [Simulator.NewRole] = [.free, .free, .inserted, .movedIn(from: 3), .free]
    let origins = Self.place(1..<5, from: 1..<5, old: old, new: new)
    #expect(
      Self.described(origins) == ["fresh", "kept 1", "inserted", "moved 3", "reloaded 4"])
  }

  /// What the stopped child process wrote to standard error.
  static func message(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test func aNewRangePastTheNewItemsStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = KeptSectionPlacementTests.place(
        0..<3, from: 0..<2, old: [.untouched, .untouched], new: [.free, .free])
    }
    #expect(Self.message(result).contains("section ranges 0..<3 and 0..<2 outside the items"))
  }

  @Test func anOldRangePastTheOldItemsStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = KeptSectionPlacementTests.place(
        0..<2, from: 0..<3, old: [.untouched, .untouched], new: [.free, .free])
    }
    #expect(Self.message(result).contains("section ranges 0..<2 and 0..<3 outside the items"))
  }

  @Test func moreFreePositionsThanStayingCellsStops() async {
    // Old 2, a staying cell of the next section, must not be taken for this one.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = KeptSectionPlacementTests.place(
        0..<2, from: 0..<2, old: [.untouched, .deleted, .untouched], new: [.free, .free, .free])
    }
    #expect(
      Self.message(result).contains(
        "more free positions than staying cells in old items 0..<2"))
  }
}
