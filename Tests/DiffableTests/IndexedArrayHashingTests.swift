import DiffableTestSupport
import Testing

@testable import Diffable

/// Hashing an item of a buffer (`_IndexedArray._hashBits(of:at:)`, internal, so this suite
/// imports the module `@testable`): the build, the bulk append and the diff's lookups all
/// hash through it.
@Suite("Index: hashing items of a buffer")
struct IndexedArrayHashingTests {
  /// Long strings (on the heap), short ones (inline) and the empty string.
  static let strings: [String] =
    (0..<150).map { "item identifier number \($0) with text past fifteen bytes" }
    + (0..<50).map { "s\($0)" } + [""]

  @Test func givesEachItemsOwnHashBits() {
    let items = Self.strings
    items.withUnsafeBufferPointer { buffer in
      for offset in buffer.indices {
        #expect(
          _IndexedArray<String>._hashBits(of: buffer, at: offset)
            == _IndexedArray<String>._hashBits(items[offset]),
          "offset \(offset)")
      }
    }
  }

  /// Hashing writes nothing: the storage is shared with another array here, and both still
  /// hold what they held.
  @Test func leavesSharedStorageAsItWas() {
    let items = Self.strings
    let sharing = items
    let hidden = items.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    items.withUnsafeBufferPointer { buffer in
      for offset in buffer.indices { _ = _IndexedArray<String>._hashBits(of: buffer, at: offset) }
    }
    #expect(items == hidden)
    #expect(sharing == hidden)
  }

  @Test func hashesOnceAndComparesNothing() {
    let items = (0..<64).map(CountedID.init)
    let counter = OperationCounter.measure {
      items.withUnsafeBufferPointer { buffer in
        for offset in buffer.indices {
          _ = _IndexedArray<CountedID>._hashBits(of: buffer, at: offset)
        }
      }
    }
    #expect(counter.hashes == items.count)
    #expect(counter.equalities == 0)
  }
}
