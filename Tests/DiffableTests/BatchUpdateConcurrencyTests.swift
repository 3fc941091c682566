import Diffable
import Foundation
import NIOConcurrencyHelpers
import Testing

/// Diffs running on several threads at once share no mutable storage. These tests pass or fail
/// on their results everywhere; under ThreadSanitizer (`scripts/sanitize.sh thread`, a CI step)
/// they are also the reproduction of a race that sanitizer found.
@Suite("BatchUpdate: diffs on several threads at once")
struct BatchUpdateConcurrencyTests {
  /// Regression (CI, ThreadSanitizer, 2026-11-28): the differ made each section's moves with
  /// `Array(unsafeUninitializedCapacity:)`. With no room asked for, that initializer writes the
  /// count into the runtime's one shared empty array, so two diffs of a section without moves,
  /// on two threads, wrote the same word at once.
  @Test func sectionsWithoutMovesDiffedOnSeveralThreads() async {
    // Inserts and deletes in every section, and no item that moves.
    let old = snapshot("A:1,2,3,4 B:5,6,7 C:8,9")
    let new = snapshot("A:1,3,4,10 B:5,7,11 C:8,9,12")
    let expected = BatchUpdate(from: old, to: new)
    #expect(expected.movedItems.isEmpty)
    #expect(expected.insertedItems == [path(0, 3), path(1, 2), path(2, 2)])
    #expect(expected.deletedItems == [path(0, 1), path(1, 1)])

    await expectSameBatchOnSeveralThreads(from: old, to: new, as: expected)
  }

  /// The same, for sections whose items do move, so both of the differ's paths run at once.
  @Test func sectionsWithMovesDiffedOnSeveralThreads() async {
    let old = snapshot("A:1,2,3,4 B:5,6,7 C:8,9")
    let new = snapshot("A:4,1,2,3 B:5,6,7 C:9,8")
    let expected = BatchUpdate(from: old, to: new)
    #expect(
      expected.movedItems == [
        BatchUpdate.ItemMove(from: path(0, 3), to: path(0, 0)),
        BatchUpdate.ItemMove(from: path(2, 1), to: path(2, 0)),
      ])

    await expectSameBatchOnSeveralThreads(from: old, to: new, as: expected)
  }

  /// Regression (ThreadSanitizer, 2026-11-29, this suite run alone): long strings (on the
  /// heap) in arrays that every thread shares; each thread builds a snapshot from them and
  /// diffs it, and diffs a shared snapshot too, so the build, the bulk append and the diff's
  /// lookups all hash items of shared storage. Hashing them through an `inout` access, to
  /// spare a copy, was a modify access to storage other threads read: a "Swift access race"
  /// although nothing was written. Four threads of their own, not tasks: in the whole suite
  /// on two cores, a task group's tasks ran one after another and the race went unseen (so
  /// did it with `concurrentPerform`). In each section, every 31st item moves to the
  /// section's end: those break runs and are looked up by hash.
  @Test func heapItemsInSharedArraysBuiltAndDiffedOnSeveralThreads() {
    let oldSections = (0..<4).map { section in
      (0..<500).map { "section \(section) item \($0), an identifier long enough for the heap" }
    }
    let newSections = oldSections.map { items in
      items.indices.filter { $0 % 31 != 7 }.map { items[$0] }
        + items.indices.filter { $0 % 31 == 7 }.map { items[$0] }
    }
    @Sendable func build(_ sections: [[String]]) -> DiffableDataSourceSnapshot<Int, String> {
      var snapshot = DiffableDataSourceSnapshot<Int, String>()
      snapshot.appendSections(Array(sections.indices))
      for (section, items) in sections.enumerated() {
        snapshot.appendItems(items, toSection: section)
      }
      return snapshot
    }
    let old = build(oldSections)
    let new = build(newSections)
    let expected = BatchUpdate(from: old, to: new)
    #expect(expected.movedItems.count == 4 * 16)
    #expect(expected.insertedItems.isEmpty && expected.deletedItems.isEmpty)

    let results = NIOLockedValueBox<[BatchUpdate]>([])
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<4 {
      Thread {
        let batches = (0..<5).flatMap { _ in
          [BatchUpdate(from: old, to: build(newSections)), BatchUpdate(from: old, to: new)]
        }
        results.withLockedValue { $0 += batches }
        finished.signal()
      }.start()
    }
    for _ in 0..<4 { finished.wait() }
    let all = results.withLockedValue { $0 }
    #expect(all.count == 40)
    #expect(all.allSatisfy { $0 == expected })
  }

  /// Diffs `old` against `new` 200 times on each of four tasks at once; every batch must be
  /// `expected`.
  func expectSameBatchOnSeveralThreads(
    from old: DiffableDataSourceSnapshot<String, Int>,
    to new: DiffableDataSourceSnapshot<String, Int>,
    as expected: BatchUpdate
  ) async {
    let results = await withTaskGroup(of: [BatchUpdate].self) { group in
      for _ in 0..<4 {
        group.addTask {
          (0..<200).map { _ in BatchUpdate(from: old, to: new) }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(results.count == 800)
    #expect(results.allSatisfy { $0 == expected })
  }
}
