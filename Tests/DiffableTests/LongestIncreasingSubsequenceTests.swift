import DiffableTestSupport
import Testing

@testable import Diffable

/// `_markLongestIncreasingSubsequence` (internal, so this suite imports the module
/// `@testable`): the diff's minimal moves rest on it. Inputs of a few dozen values, which the
/// diff's own randomized tests use, never leave its one-value-at-a-time path; these reach
/// the eight-at-a-time one (taken after a block of 64 values where more than 16 needed a
/// search), switch between the two, and end in a partial block.
@Suite("Longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
  /// The length of a longest strictly increasing subsequence, by patience sorting with a
  /// plain binary search: one value at a time, no shortcuts.
  static func oracleLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if tails[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }

  /// Marks one subsequence and checks it: as long as the oracle's, and increasing.
  func check(_ values: [Int], _ what: String) {
    var members: [Bool] = [true, false]  // stale contents must be replaced
    let length = values.withUnsafeBufferPointer {
      _markLongestIncreasingSubsequence($0, into: &members)
    }
    let expected = Self.oracleLength(values)
    #expect(length == expected, "\(what): length \(length), expected \(expected)")
    #expect(members.count == values.count, "\(what): \(members.count) marks")
    let marked = zip(values, members).filter(\.1).map(\.0)
    #expect(marked.count == length, "\(what): \(marked.count) marked, length \(length)")
    #expect(zip(marked, marked.dropFirst()).allSatisfy { $0 < $1 }, "\(what): not increasing")
  }

  /// A permutation of 0..<count in one of several shapes, from `random`.
  static func permutation(
    _ count: Int, shape: Int, using random: inout SeededGenerator
  ) -> [Int] {
    var values = Array(0..<count)
    switch shape {
    case 0:  // a random order: every block after the first is searched eight at a time
      values.shuffle(using: &random)
    case 1:  // shuffled stretches between stretches in order: the paths alternate
      var start = 0
      while start < count {
        let end = min(count, start + Int.random(in: 1...300, using: &random))
        if Bool.random(using: &random) { values[start..<end].shuffle(using: &random) }
        start = end
      }
    case 2:  // shuffled blocks of sorted values
      var blocks = stride(from: 0, to: count, by: 20).map { Array($0..<min($0 + 20, count)) }
      blocks.shuffle(using: &random)
      values = blocks.flatMap { $0 }
    case 3:  // descending: every value lands on the first tail
      values.reverse()
    default:  // in order but a few values moved far (none when there are none to move)
      for _ in 0..<(count == 0 ? 0 : max(1, count / 50)) {
        let value = values.remove(at: Int.random(in: 0..<count, using: &random))
        values.insert(value, at: Int.random(in: 0..<count, using: &random))
      }
    }
    return values
  }

  @Test func everyShapeAndSizeMatchesTheOracle() {
    checkShapesAndSizes(seed: RandomizedTesting.seed("longest-increasing-subsequence"))
  }

  /// Found in CI: this seed draws an empty input of the "a few values moved" shape, which
  /// asked for a random position in an empty range and trapped the test itself. The
  /// generator draws as it did for every other input, so the replay follows the CI run up
  /// to that input and past it.
  @Test func regressionEmptyInputWithFewValuesMoved() {
    var random = SeededGenerator(seed: 0)
    #expect(Self.permutation(0, shape: 4, using: &random).isEmpty)
    check([], "no values")
    checkShapesAndSizes(seed: 2_201_552_570_529_604_683)
  }

  /// 300 inputs of random shape, size and spread from `seed`, each checked.
  func checkShapesAndSizes(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<(300 * RandomizedTesting.multiplier) {
      let count = Int.random(in: 0...1_500, using: &random)
      let shape = Int.random(in: 0...4, using: &random)
      // Sparse values too: the diff passes old positions, with gaps where items went.
      let spread = Int.random(in: 1...3, using: &random)
      let values = Self.permutation(count, shape: shape, using: &random).map { $0 * spread }
      check(values, "shape \(shape), \(count) values")
    }
  }

  /// A block of 64 distinct values in which 30 need a search, so the block after it goes
  /// eight at a time, with 33 tails: 32 rising values, 1,000 to 1,310, then 1,009 to 1,319,
  /// of which the first 30 each land before the last tail, the next replaces it, and the
  /// last extends the run.
  static let searchingBlock = (0..<32).map { 1_000 + 10 * $0 } + (1...32).map { 999 + 10 * $0 }

  @Test func eightValuesThatLandOnTheSameTails() {
    let groups = [
      [10, 11, 12, 13, 14, 15, 16, 17],  // all on the first tail: each pushed past the last
      [5, 20, 6, 30, 7, 40, 8, 50],  // two tails, alternating
      [3, 2, 1, 0, 60, 55, 45, 70],  // falling onto one tail (none pushed), then 70 pushed
      [2_000, 1_999, 2_001, 1_998, 2_002, 2_003, 1_997, 2_004],  // past the last tail
    ]
    // The three after the groups are placed one at a time, after the tails moved.
    check(Self.searchingBlock + groups.flatMap { $0 } + [2_005, 9, 1_996], "groups of eight")
    check(
      Self.searchingBlock + Array(0..<64) + Array((2_000..<2_064).reversed()),
      "searching, rising, descending")
    check(Self.searchingBlock + Array((0..<64).reversed()), "searching, then descending")
    // 64 descending values: 63 search (each lands on the one tail), leaving one tail.
    check(Array((3_000..<3_064).reversed()) + groups.flatMap { $0 }, "one tail, then groups")
  }

  @Test func aRandomOrderOfTenThousand() {
    var random = SeededGenerator(
      seed: RandomizedTesting.seed("longest-increasing-subsequence-large"))
    check(Self.permutation(10_000, shape: 0, using: &random), "a random order of 10,000")
    check(Self.permutation(10_000, shape: 1, using: &random), "stretches of 10,000")
  }
}
