import Diffable
import DiffableTestSupport
import DiffableTesting
import Testing

/// The diff's work, counted in hash and equality calls of the identifiers.
@Suite("BatchUpdate complexity")
struct BatchUpdateComplexityTests {
  typealias Counted = DiffableDataSourceSnapshot<Int, CountedID>

  func makeSnapshot(_ sections: [[Int]]) -> Counted {
    var snapshot = Counted()
    for (index, items) in sections.enumerated() {
      snapshot.appendSections([index])
      snapshot.appendItems(items.map(CountedID.init), toSection: index)
    }
    return snapshot
  }

  @Test func equalSnapshotsCostOneEqualityPass() {
    let n = 10_000
    let old = makeSnapshot([Array(0..<n / 2), Array(n / 2..<n)])
    let new = makeSnapshot([Array(0..<n / 2), Array(n / 2..<n)])  // separate storage
    let counter = OperationCounter.measure { #expect(BatchUpdate(from: old, to: new).isEmpty) }
    #expect(counter.hashes == 0)
    #expect(counter.equalities == n)
    let shared = OperationCounter.measure { #expect(BatchUpdate(from: old, to: old).isEmpty) }
    #expect(shared.total == 0)
  }

  // Large and small changed middles: BatchUpdateTableJoinTests.

  @Test func replacedAndIntactSectionsAreNotHashedItemByItem() {
    let n = 1_000
    // Section 0 moves intact to the end; section 1 is replaced by a new one.
    let old = makeSnapshot([Array(0..<n), Array(n..<2 * n), Array(2 * n..<3 * n)])
    var new = Counted()
    new.appendSections([2, 3, 0])
    new.appendItems((2 * n..<3 * n).map(CountedID.init), toSection: 2)
    new.appendItems((5 * n..<6 * n).map(CountedID.init), toSection: 3)
    new.appendItems((0..<n).map(CountedID.init), toSection: 0)
    let counter = OperationCounter.measure {
      let update = BatchUpdate(from: old, to: new)
      #expect(update.movedSections.count == 1)
      #expect(update.deletedSections == [1])
      #expect(update.insertedSections == [1])
    }
    // Only section hashes and the equality checks of the intact candidate.
    #expect(counter.hashes <= 10)
    #expect(counter.equalities <= 2 * n + 10)
  }

  @Test func marksCostAHashEach() {
    let n = 5_000
    let old = makeSnapshot([Array(0..<n)])
    var new = makeSnapshot([Array(0..<n)])
    new.reloadItems([CountedID(3)])
    new.reconfigureItems([CountedID(4)])
    let counter = OperationCounter.measure {
      let update = BatchUpdate(from: old, to: new)
      #expect(update.reloadedItems.count == 1 && update.reconfiguredItems.count == 1)
    }
    #expect(counter.hashes <= n + 4)
  }
}

@Suite("Minimal moves")
struct MinimalMoveTests {
  /// An obviously correct O(n²) longest increasing subsequence length.
  static func lisLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
  }

  @Test func singleSectionMovesEqualMatchedMinusLongestIncreasingSubsequence() {
    var random = SeededGenerator(seed: RandomizedTesting.seed("minimal-moves"))
    for _ in 0..<(500 * RandomizedTesting.multiplier) {
      let count = Int.random(in: 0...60, using: &random)
      let oldItems = Array(0..<count)
      var newItems = oldItems.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
      // A few local moves and a few far ones.
      for _ in 0..<Int.random(in: 0...4, using: &random) where newItems.count > 1 {
        let item = newItems.remove(at: Int.random(in: 0..<newItems.count, using: &random))
        newItems.insert(item, at: Int.random(in: 0...newItems.count, using: &random))
      }
      if Int.random(in: 0..<8, using: &random) == 0 { newItems.shuffle(using: &random) }
      newItems.insert(
        contentsOf: (1000..<1000 + Int.random(in: 0...5, using: &random)),
        at: Int.random(in: 0...newItems.count, using: &random))
      let old = snapshot("A:" + oldItems.map(String.init).joined(separator: ","))
      var new = snapshot("A:" + newItems.map(String.init).joined(separator: ","))
      let matched = newItems.filter { $0 < 1000 }
      if let marked = matched.randomElement(using: &random), Bool.random(using: &random) {
        new.reloadItems([marked])
      }
      let update = BatchUpdate(from: old, to: new)
      // A reloaded item that moves is deleted and inserted instead of moved.
      let reloadMoves = update.insertedItems.count - (newItems.count - matched.count)
      #expect(update.movedItems.count + reloadMoves == matched.count - Self.lisLength(matched))
      #expect(update.deletedItems.count == count - matched.count + reloadMoves)
    }
  }

  /// A few items moved far in a long list, one by one or side by side: the pattern the
  /// subsequence search skips its search for (a value right after an item moved earlier
  /// replaces it), so a wrong shortcut there would show as extra or missing moves.
  @Test func itemsMovedFarInALongListMoveAlone() throws {
    var random = SeededGenerator(seed: RandomizedTesting.seed("moved-far"))
    for _ in 0..<(60 * RandomizedTesting.multiplier) {
      let count = Int.random(in: 50...400, using: &random)
      var newItems = Array(0..<count)
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let width = Int.random(in: 1...3, using: &random)
        let start = Int.random(in: 0...(newItems.count - width), using: &random)
        let block = Array(newItems[start..<start + width])
        newItems.removeSubrange(start..<start + width)
        newItems.insert(contentsOf: block, at: Int.random(in: 0...newItems.count, using: &random))
      }
      let old = snapshot("A:" + (0..<count).map(String.init).joined(separator: ","))
      let new = snapshot("A:" + newItems.map(String.init).joined(separator: ","))
      let update = BatchUpdate(from: old, to: new)
      #expect(update.movedItems.count == count - Self.lisLength(newItems))
      #expect(update.insertedItems.isEmpty && update.deletedItems.isEmpty)
      try BatchUpdateSimulator.replay(update, from: old, to: new).checkIdentityPreserved()
    }
  }
}
