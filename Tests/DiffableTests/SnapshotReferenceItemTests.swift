import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@testable import Diffable

/// Items with references to count (long strings, classes) are hashed and compared without a
/// copy, read through a stack slot (`Sources/Diffable/Support/IndexedArray+Borrowing.swift`).
/// Nothing may retain or release them on the way: a missing release would keep them alive
/// after every snapshot is gone, and an extra one would free them while an array still
/// holds them.
@Suite("Snapshot: items with references to count")
struct SnapshotReferenceItemTests {
  /// An identifier that is a class, compared by `value`. `keeper`, when set, keeps a copy of
  /// each token it hashes, as an app's `hash(into:)` could.
  final class Token: Hashable, CustomStringConvertible {
    let value: Int
    let keeper: Keeper?
    init(_ value: Int, keeper: Keeper? = nil) {
      self.value = value
      self.keeper = keeper
    }
    static func == (left: Token, right: Token) -> Bool { left.value == right.value }
    func hash(into hasher: inout Hasher) {
      keeper?.kept.append(self)
      hasher.combine(value)
    }
    var description: String { "token \(value)" }
  }

  final class Keeper {
    var kept: [Token] = []
  }

  /// A weak reference to a token, to see whether it was freed.
  struct Weak {
    weak var object: Token?
    init(_ object: Token) { self.object = object }
  }

  typealias Snapshot = DiffableDataSourceSnapshot<Int, Token>

  /// `items` in one section.
  static func flat(_ items: [Token]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    return snapshot
  }

  /// `items` in sections of `size`, appended one section at a time.
  static func sectioned(_ items: [Token], size: Int) -> Snapshot {
    var snapshot = Snapshot()
    let sections = stride(from: 0, to: items.count, by: size).map { start in
      Array(items[start..<Swift.min(start + size, items.count)])
    }
    snapshot.appendSections(Array(sections.indices))
    for (section, items) in sections.enumerated() {
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  @Test func onlyTypesWithReferencesAreReadThroughASlot() {
    #expect(_IndexedArray<String>._borrowsThroughSlot)
    #expect(_IndexedArray<Token>._borrowsThroughSlot)
    #expect(_IndexedArray<[Int]>._borrowsThroughSlot)
    #expect(!_IndexedArray<Int>._borrowsThroughSlot)
    #expect(!_IndexedArray<UUID>._borrowsThroughSlot)
  }

  /// Builds, appends, looks up and diffs (following runs, hash lookups and the table join),
  /// then drops every snapshot and batch: each token is then held by the test's array alone,
  /// and the tokens only the snapshots held are freed.
  @Test func snapshotsAndDiffsLeaveReferenceCountsAsTheyFoundThem() {
    let n = 3_000
    var tokens = (0..<n).map { Token($0) }
    var freshOnes: [Weak] = []
    var twinsWatched: [Weak] = []
    do {
      var random = SeededGenerator(seed: 41)
      let flat = Self.flat(tokens)
      let sectioned = Self.sectioned(tokens, size: 100)
      #expect(flat.itemIdentifiers == sectioned.itemIdentifiers)
      // Equal tokens that are other objects: every lookup compares two objects.
      let twins = tokens.map { Token($0.value) }
      twinsWatched = twins.map(Weak.init)
      #expect(flat.indexOfItem(twins[1_234]) == 1_234)
      #expect(Self.flat(twins) == flat)
      // A shuffled middle (joined by table), a moved block (followed as a run), deletes and
      // new tokens.
      var middle = Array(twins[1_000..<2_000])
      middle.shuffle(using: &random)
      let fresh = (n..<n + 200).map { Token($0) }
      freshOnes = fresh.map(Weak.init)
      let newItems =
        Array(twins[2_500..<n]) + middle + fresh + Array(twins[0..<900]) + twins[2_000..<2_400]
      let flatUpdate = BatchUpdate(from: flat, to: Self.flat(newItems))
      #expect(flatUpdate.insertedItems.count == 200)
      #expect(flatUpdate.deletedItems.count == 100 + 100)
      #expect(!flatUpdate.movedItems.isEmpty)
      // Sections of 100 before and after: the replay lands on the new snapshot.
      let newSectioned = Self.sectioned(newItems, size: 100)
      let sectionedUpdate = BatchUpdate(from: sectioned, to: newSectioned)
      #expect(throws: Never.self) {
        try BatchUpdateSimulator.replay(sectionedUpdate, from: sectioned, to: newSectioned)
      }
      for old in [flat, sectioned] {
        var appended = old
        appended.appendItems(fresh, toSection: appended.numberOfSections - 1)
        #expect(appended.numberOfItems == n + 200)
      }
    }
    #expect(freshOnes.allSatisfy { $0.object == nil }, "a token the snapshots alone held lives on")
    let unique = tokens.indices.filter { isKnownUniquelyReferenced(&tokens[$0]) }
    #expect(unique.count == n, "tokens referenced from elsewhere: \(n - unique.count)")
    #expect(twinsWatched.allSatisfy { $0.object == nil }, "an equal token the diffs read lives on")
  }

  /// A `hash(into:)` that keeps a copy of the token: the copy owns a reference of its own,
  /// which outlives the snapshot and the caller's array.
  @Test func aTokenKeptByItsOwnHashOutlivesTheSnapshot() {
    let keeper = Keeper()
    var watched: [Weak] = []
    do {
      let tokens = (0..<500).map { Token($0, keeper: keeper) }
      watched = tokens.map(Weak.init)
      let snapshot = Self.sectioned(tokens, size: 50)
      var reversed = Self.sectioned(tokens.reversed(), size: 50)
      reversed.deleteItems([tokens[7]])
      let update = BatchUpdate(from: snapshot, to: reversed)
      #expect(update.deletedItems.count == 1)
      #expect(keeper.kept.count >= 500)
    }
    #expect(watched.allSatisfy { $0.object != nil })
    keeper.kept.removeAll()
    #expect(watched.allSatisfy { $0.object == nil })
  }

  /// Long strings equal in content but stored apart, so that `==` compares their bytes
  /// rather than finding one storage: the diff matches every one of them, whether it looks
  /// the few that break runs up one by one (two swapped) or joins the tables (a shuffled
  /// half).
  @Test func equalStringsInSeparateStorageAreMatched() throws {
    let text = (0..<2_000).map { "an identifier long enough to live on the heap, number \($0)" }
    let copies = text.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    func snapshot(_ items: [String]) -> DiffableDataSourceSnapshot<Int, String> {
      var snapshot = DiffableDataSourceSnapshot<Int, String>()
      snapshot.appendSections([0])
      snapshot.appendItems(items)
      return snapshot
    }
    let old = snapshot(text)
    var swapped = copies
    swapped.swapAt(10, 1_500)
    let swap = BatchUpdate(from: old, to: snapshot(swapped))
    #expect(swap.insertedItems.isEmpty && swap.deletedItems.isEmpty)
    #expect(swap.movedItems.count == 2)
    #expect(snapshot(swapped).indexOfItem(text[1_500]) == 10)

    var random = SeededGenerator(seed: 43)
    var shuffled = copies
    shuffled[500..<1_500].shuffle(using: &random)
    let new = snapshot(shuffled)
    let update = BatchUpdate(from: old, to: new)
    #expect(update.insertedItems.isEmpty && update.deletedItems.isEmpty)
    #expect(update.movedItems.count > 900)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
  }
}
