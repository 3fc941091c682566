import DiffableTestSupport
import Foundation
import Testing

@testable import Diffable

/// A snapshot built by appending sections of heap items keeps each appended array and copies
/// its items' bytes, without a retain per item (`_BorrowedElements`,
/// `IndexedArray+BorrowedStorage.swift`). These tests check that the items stay alive exactly
/// as long as some snapshot holds them, that no reference count moves per item, and that
/// every query, mutation, copy and diff of such a snapshot answers as for any other.
@Suite("Snapshot: storage that borrows appended sections")
struct SnapshotBorrowedStorageTests {
  typealias Token = SnapshotReferenceItemTests.Token
  typealias Weak = SnapshotReferenceItemTests.Weak

  /// Long enough to live on the heap (a small string has no reference to count).
  static func item(_ number: Int) -> String { "item number \(number) of a long list" }

  /// Forty items in one section, in storage that borrows: the first append shares its array,
  /// the second borrows. (Exit tests call it: their bodies capture nothing.)
  static func borrowingSnapshot() -> DiffableDataSourceSnapshot<Int, String> {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<20).map(item))
    snapshot.appendItems((20..<40).map(item))
    precondition(snapshot._items._borrowed != nil, "the storage should borrow")
    return snapshot
  }

  @Test func sectionsOfHeapItemsAreAppendedWithoutARetainEach() {
    let tokens = (0..<300).map { Token($0) }
    let sections = stride(from: 0, to: 300, by: 100).map { Array(tokens[$0..<$0 + 100]) }
    let before = tokens.map { _getRetainCount($0) }
    var snapshot = DiffableDataSourceSnapshot<Int, Token>()
    snapshot.appendSections([0, 1, 2])
    for (section, items) in sections.enumerated() {
      snapshot.appendItems(items, toSection: section)
    }
    #expect(snapshot._items._borrowed != nil)
    #expect(tokens.map { _getRetainCount($0) } == before)
    #expect(snapshot.itemIdentifiers.map(\.value) == Array(0..<300))

    // A change other than an append makes the storage owned: one retain per item kept.
    snapshot.deleteItems([tokens[0]])
    #expect(snapshot._items._borrowed == nil)
    // The sections' arrays must still hold their references for the counts to compare.
    withExtendedLifetime(sections) {
      #expect(tokens.dropFirst().map { _getRetainCount($0) } == before.dropFirst().map { $0 + 1 })
    }
  }

  @Test func smallAppendsAreRetainedRatherThanKeptOneArrayEach() {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<40).map(Self.item))
    snapshot.appendItems((40..<60).map(Self.item))
    #expect(snapshot._items._borrowed?.owners.count == 2)
    for number in 60..<160 { snapshot.appendItems([Self.item(number)]) }
    snapshot.appendItems((160..<175).map(Self.item))
    let storage = snapshot._items._borrowed
    #expect(storage?.owners.count == 2)
    #expect(storage?.tail.count == 115)
    #expect(snapshot.itemIdentifiers == (0..<175).map(Self.item))
    for number in [0, 59, 60, 159, 174] {
      #expect(snapshot.indexOfItem(Self.item(number)) == number)
    }
  }

  @Test func anExistingItemAppendedOntoBorrowedStorageMoves() {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1, 2])
    snapshot.appendItems((0..<20).map(Self.item), toSection: 0)
    snapshot.appendItems((20..<40).map(Self.item), toSection: 1)
    #expect(snapshot._items._borrowed != nil)
    // The bulk append finds item 5 and gives up; the items go in one by one, and item 5
    // moves to the end, with a warning, as Apple's does.
    silencingWarnings {
      snapshot.appendItems([Self.item(40), Self.item(5), Self.item(41)], toSection: 2)
    }
    #expect(snapshot.itemIdentifiers(inSection: 0) == (0..<20).filter { $0 != 5 }.map(Self.item))
    #expect(snapshot.itemIdentifiers(inSection: 2) == [40, 5, 41].map(Self.item))
    #expect(snapshot.numberOfItems == 42)
    #expect(snapshot.indexOfItem(Self.item(5)) == 40)
  }

  /// Other types with references: an enum with a class payload, and `AnyHashable`.
  @Test func otherItemTypesWithReferencesBorrowToo() {
    enum Row: Hashable {
      case token(Token)
      case number(Int)
    }
    var weak: [Weak] = []
    do {
      let tokens = (0..<60).map { Token($0) }
      weak = tokens.map(Weak.init)
      var rows = DiffableDataSourceSnapshot<Int, Row>()
      rows.appendSections([0, 1])
      rows.appendItems(tokens[..<30].map(Row.token) + [.number(1)], toSection: 0)
      rows.appendItems(tokens[30...].map(Row.token) + [.number(2)], toSection: 1)
      #expect(rows._items._borrowed != nil)
      #expect(rows.indexOfItem(.token(tokens[45])) == 46)
      #expect(rows.itemIdentifiers(inSection: 1).last == .number(2))
      var any = DiffableDataSourceSnapshot<Int, AnyHashable>()
      any.appendSections([0, 1])
      any.appendItems(tokens[..<30].map(AnyHashable.init), toSection: 0)
      any.appendItems(tokens[30...].map(AnyHashable.init) + [AnyHashable("x")], toSection: 1)
      #expect(any._items._borrowed != nil)
      #expect(any.indexOfItem(AnyHashable(tokens[59])) == 59)
      #expect(any.itemIdentifiers.count == 61)
    }
    #expect(weak.allSatisfy { $0.object == nil })
  }

  @Test func itemsLiveAsLongAsASnapshotHoldsThemAndAreFreedOnce() {
    var weak: [Weak] = []
    var snapshot = DiffableDataSourceSnapshot<Int, Token>()
    do {
      let tokens = (0..<200).map { Token($0) }
      weak = tokens.map(Weak.init)
      snapshot.appendSections([0, 1, 2, 3])
      for section in 0..<4 {
        snapshot.appendItems(Array(tokens[section * 50..<section * 50 + 50]), toSection: section)
      }
    }
    #expect(snapshot._items._borrowed != nil)
    #expect(weak.allSatisfy { $0.object != nil })
    #expect(snapshot.itemIdentifiers.map(\.value) == Array(0..<200))

    // A copy that appends more copies the borrowed storage, not the items; the original
    // keeps its own.
    var copy = snapshot
    copy.appendSections([4])
    do {
      let extra = (200..<260).map { Token($0) }
      weak += extra.map(Weak.init)
      copy.appendItems(extra, toSection: 4)
    }
    #expect(snapshot.numberOfItems == 200)
    #expect(copy.itemIdentifiers.map(\.value) == Array(0..<260))
    #expect(copy._items._borrowed !== snapshot._items._borrowed)

    snapshot = DiffableDataSourceSnapshot()
    #expect(weak.allSatisfy { $0.object != nil })
    #expect(copy.itemIdentifier(at: IndexPath(item: 10, section: 4))?.value == 210)
    copy = DiffableDataSourceSnapshot()
    #expect(weak.allSatisfy { $0.object == nil })
  }

  @Test func smallAppendsOntoOwnedStorageDoNotBorrow() {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1, 2, 3])
    snapshot.appendItems((0..<100).map(Self.item), toSection: 0)
    // 10 items onto 100: copying them is cheaper than borrowing and owning again later.
    snapshot.appendItems((100..<110).map(Self.item), toSection: 1)
    #expect(snapshot._items._borrowed == nil)
    // A quarter of what is stored, or more: borrowed.
    snapshot.appendItems((110..<140).map(Self.item), toSection: 2)
    #expect(snapshot._items._borrowed != nil)
    // Once borrowing, every append at the end borrows.
    snapshot.appendItems([Self.item(140)], toSection: 3)
    #expect(snapshot._items._borrowed != nil)
    #expect(snapshot.itemIdentifiers == (0..<141).map(Self.item))
    // An insertion before the end is a move: the storage is owned again.
    snapshot.appendItems([Self.item(141)], toSection: 0)
    #expect(snapshot._items._borrowed == nil)
    #expect(snapshot.itemIdentifiers(inSection: 0) == (0..<100).map(Self.item) + [Self.item(141)])
  }

  @Test func itemsWithoutReferencesNeverBorrow() {
    var ints = DiffableDataSourceSnapshot<Int, Int>()
    ints.appendSections([0, 1])
    ints.appendItems(Array(0..<100), toSection: 0)
    ints.appendItems(Array(100..<200), toSection: 1)
    #expect(ints._items._borrowed == nil)
    var uuids = DiffableDataSourceSnapshot<Int, UUID>()
    uuids.appendSections([0, 1])
    uuids.appendItems((0..<100).map { _ in UUID() }, toSection: 0)
    uuids.appendItems((0..<100).map { _ in UUID() }, toSection: 1)
    #expect(uuids._items._borrowed == nil)
  }

  @Test func borrowedSnapshotsEqualAndEncodeAsOwnedOnes() throws {
    var borrowed = DiffableDataSourceSnapshot<Int, String>()
    borrowed.appendSections([0, 1])
    borrowed.appendItems((0..<50).map(Self.item), toSection: 0)
    borrowed.appendItems((50..<100).map(Self.item), toSection: 1)
    #expect(borrowed._items._borrowed != nil)
    var owned = DiffableDataSourceSnapshot<Int, String>()
    owned.appendSections([0, 1])
    owned.appendItems((0..<100).map(Self.item), toSection: 0)
    let boundary = (50..<100).map(Self.item)
    owned.deleteItems(boundary)
    owned.appendItems(boundary, toSection: 1)
    // A move there and back makes the storage owned.
    owned.moveItem(Self.item(99), beforeItem: Self.item(50))
    owned.moveItem(Self.item(99), afterItem: Self.item(98))
    #expect(owned._items._borrowed == nil)
    #expect(borrowed == owned)
    #expect(owned == borrowed)
    var other = owned
    other.moveItem(Self.item(3), afterItem: Self.item(4))
    #expect(borrowed != other)

    let data = try JSONEncoder().encode(borrowed)
    let decoded = try JSONDecoder().decode(DiffableDataSourceSnapshot<Int, String>.self, from: data)
    #expect(decoded == borrowed)
    #expect(decoded.itemIdentifiers(inSection: 1) == boundary)
  }

  @Test func readingByOffsetAnswersFromEitherStorage() {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems((0..<40).map(Self.item), toSection: 0)
    snapshot.appendItems((40..<80).map(Self.item), toSection: 1)
    #expect(snapshot._items._borrowed != nil)
    let expected = (0..<80).map(Self.item)
    #expect((0..<80).map { snapshot._items[$0] } == expected)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 39, section: 1)) == Self.item(79))
    snapshot.deleteItems([Self.item(0)])
    #expect(snapshot._items._borrowed == nil)
    #expect((0..<79).map { snapshot._items[$0] } == Array(expected.dropFirst()))
  }

  @Test func readingPastTheEndOfBorrowedStorageStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let snapshot = Self.borrowingSnapshot()
      _ = snapshot._items[40]
    }
    #expect(standardError(result).contains("_IndexedArray[40]: offset out of range 0..<40"))
  }

  /// The internal check of storage that borrows (run after every mutation under
  /// `DIFFABLE_INTERNAL_CHECKS`) passes on what appends make and stops once the kept arrays
  /// no longer account for every copy.
  @Test func borrowedCopiesThatNoKeptArrayAccountsForFailTheInternalCheck() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let snapshot = Self.borrowingSnapshot()
      snapshot._items._checkInvariants()
      FileHandle.standardError.write(Data("checked\n".utf8))
      snapshot._items._borrowed!.tail.append(Self.item(40))
      snapshot._items._checkInvariants()
    }
    let message = standardError(result)
    #expect(message.contains("checked"))
    #expect(message.contains("Invariant: 40 borrowed elements (room for"))
    #expect(message.contains("but the kept arrays hold 41"))
  }

  @Test func ownedElementsBesideBorrowedOnesFailTheInternalCheck() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = Self.borrowingSnapshot()
      snapshot._items._owned.append(Self.item(40))
      snapshot._items._checkInvariants()
    }
    #expect(standardError(result).contains("Invariant: 1 owned elements beside borrowed"))
  }
}
