import DiffableTestSupport
import Testing

@testable import Diffable

/// `_BitFlags` (internal, so this suite imports the module `@testable`): the diff's record of
/// the old items it keeps, from which it lists the deletes. Checked against an array of
/// `Bool`s through sizes and ranges that start, end and stay inside a 64-bit word.
@Suite("Bit flags")
struct BitFlagsTests {
  /// The clear indices of `flags` in `range`, as `forEachClear(in:)` lists them.
  static func listedClear(_ flags: _BitFlags, _ range: Range<Int>) -> [Int] {
    var listed: [Int] = []
    flags.forEachClear(in: range) { listed.append($0) }
    return listed
  }

  @Test func newFlagsAreClear() {
    for count in [0, 1, 63, 64, 65, 200] {
      let flags = _BitFlags(count: count)
      #expect(flags.count == count)
      #expect(flags.countClear(in: 0..<count) == count)
      #expect(Self.listedClear(flags, 0..<count) == Array(0..<count))
      #expect((0..<count).allSatisfy { !flags[$0] })
    }
  }

  @Test func settingAndClearingOneFlag() {
    var flags = _BitFlags(count: 130)
    flags[0] = true
    flags[63] = true
    flags[64] = true
    flags[129] = true
    #expect(flags[0] && flags[63] && flags[64] && flags[129])
    #expect(!flags[1] && !flags[62] && !flags[65] && !flags[128])
    #expect(flags.countClear(in: 0..<130) == 126)
    flags[63] = false
    #expect(!flags[63] && flags[64])
    #expect(Self.listedClear(flags, 60..<66) == [60, 61, 62, 63, 65])
  }

  @Test func settingThroughWordsMatchesTheSubscript() {
    var flags = _BitFlags(count: 100)
    flags.words.withUnsafeMutableBufferPointer { words in
      for index in [0, 5, 63, 64, 99] { _BitFlags._set(index, in: words) }
    }
    #expect((0..<100).filter { flags[$0] } == [0, 5, 63, 64, 99])
  }

  @Test func settingARangeLeavesTheFlagsAroundIt() {
    var flags = _BitFlags(count: 200)
    flags.setAll(in: 3..<3)
    #expect(flags.countClear(in: 0..<200) == 200)
    flags.setAll(in: 60..<140)  // ends inside words, spans a whole one
    #expect((0..<200).filter { flags[$0] } == Array(60..<140))
    flags.setAll(in: 0..<64)  // exactly one word
    #expect((0..<200).filter { flags[$0] } == Array(0..<140))
    #expect(Self.listedClear(flags, 0..<200) == Array(140..<200))
  }

  /// Random flags, set one at a time, through words and by ranges, against `[Bool]`.
  @Test func randomFlagsMatchAnArrayOfBools() {
    let seed = RandomizedTesting.seed("BitFlagsTests.randomFlagsMatchAnArrayOfBools")
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<(200 * max(1, RandomizedTesting.multiplier)) {
      let count = Int.random(in: 0...300, using: &generator)
      var flags = _BitFlags(count: count)
      var model = [Bool](repeating: false, count: count)
      for _ in 0..<Int.random(in: 0...20, using: &generator) where count > 0 {
        let lower = Int.random(in: 0..<count, using: &generator)
        let upper = Int.random(in: lower...Swift.min(count, lower + 90), using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
          flags.setAll(in: lower..<upper)
          for index in lower..<upper { model[index] = true }
        case 1:
          let value = Bool.random(using: &generator)
          flags[lower] = value
          model[lower] = value
        default:
          flags.words.withUnsafeMutableBufferPointer { _BitFlags._set(lower, in: $0) }
          model[lower] = true
        }
      }
      for _ in 0..<5 {
        let lower = Int.random(in: 0...count, using: &generator)
        let upper = Int.random(in: lower...count, using: &generator)
        let expected = (lower..<upper).filter { !model[$0] }
        #expect(
          Self.listedClear(flags, lower..<upper) == expected,
          "seed \(seed): count \(count), range \(lower)..<\(upper)")
        #expect(
          flags.countClear(in: lower..<upper) == expected.count,
          "seed \(seed): count \(count), range \(lower)..<\(upper)")
      }
      #expect((0..<count).allSatisfy { flags[$0] == model[$0] }, "seed \(seed): count \(count)")
      // The bits past `count` stay clear: counting whole words must not see them.
      if count % 64 != 0, let last = flags.words.last {
        #expect(last >> UInt64(count % 64) == 0, "seed \(seed): count \(count)")
      }
    }
  }

  @Test func anIndexPastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var flags = _BitFlags(count: 64)
      flags[64] = true
    }
    #expect(standardError(result).contains("_BitFlags: index 64 out of range"))
  }

  @Test func aRangePastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = _BitFlags(count: 10).countClear(in: 5..<11)
    }
    #expect(standardError(result).contains("_BitFlags.countClear(in:): range 5..<11 out of 0..<10"))
  }

  @Test func settingARangePastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var flags = _BitFlags(count: 10)
      flags.setAll(in: 8..<12)
    }
    #expect(standardError(result).contains("_BitFlags.setAll(in:): range 8..<12 out of 0..<10"))
  }

  @Test func listingARangePastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _BitFlags(count: 10).forEachClear(in: 0..<11) { _ in }
    }
    #expect(
      standardError(result).contains("_BitFlags.forEachClear(in:): range 0..<11 out of 0..<10"))
  }
}
