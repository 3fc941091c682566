import Diffable
import DiffableTesting
import NIOConcurrencyHelpers
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

/// Plain-data identifiers (`Int`, structs of them) carried over in runs are compared as
/// bytes first; identical bytes are equal, and runs whose bytes differ fall back to `==`.
@Suite("Landing: plain-data identifiers", .serialized)
struct PlainDataLandingTests {
  /// Equal when `value` is, whatever `tag` holds: equal values with different bytes.
  struct Tagged: Hashable, Sendable {
    var value: Int
    var tag: Int
    static func == (left: Tagged, right: Tagged) -> Bool {
      Counter.equalities.withLockedValue { $0 += 1 }
      return left.value == right.value
    }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }

  enum Counter {
    static let equalities = NIOLockedValueBox(0)
  }

  func flat<ID: Hashable & Sendable>(_ items: [ID]) -> DiffableDataSourceSnapshot<Int, ID> {
    var snapshot = DiffableDataSourceSnapshot<Int, ID>()
    snapshot.appendSections([0])
    snapshot.appendItems(items, toSection: 0)
    return snapshot
  }

  @Test func aSwapInsideALongRunIsFound() {
    var items = Array(0..<1_000)
    let old = flat(items)
    items.swapAt(700, 701)
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdateSimulator.replay(BatchUpdate(), from: old, to: flat(items))
    }
    do {
      _ = try BatchUpdateSimulator.replay(BatchUpdate(), from: old, to: flat(items))
    } catch {
      #expect(error.rule == .landingMismatch)
      #expect(error.message.contains("item 700 in section 0 after the update has identifier 700"))
    }
  }

  @Test func equalValuesWithOtherBytesLandWithOneComparisonEach() throws {
    let n = 2_000
    let old = flat((0..<n).map { Tagged(value: $0, tag: 0) })
    let new = flat((0..<n).map { Tagged(value: $0, tag: 1) })
    Counter.equalities.withLockedValue { $0 = 0 }
    // Replace the first item so the batch is not empty and every other cell is kept.
    var update = BatchUpdate()
    update.reloadedItems = [at(0, 0)]
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.sections[0].cells.count == n)
    let equalities = Counter.equalities.withLockedValue { $0 }
    // One `==` per kept cell (n - 1), plus the few the snapshots' own checks make.
    #expect(equalities >= n - 1)
    #expect(equalities <= n + 16)
  }

  @Test func identicalBytesNeedNoComparison() throws {
    let n = 2_000
    let old = flat((0..<n).map { Tagged(value: $0, tag: 0) })
    let new = flat((0..<n).map { Tagged(value: $0, tag: 0) })  // separate storage
    var update = BatchUpdate()
    update.reloadedItems = [at(0, 0)]
    Counter.equalities.withLockedValue { $0 = 0 }
    _ = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(Counter.equalities.withLockedValue { $0 } <= 16)
  }
}
