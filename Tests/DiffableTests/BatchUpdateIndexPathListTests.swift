import Diffable
import Foundation
import Testing

/// `BatchUpdate.ItemPosition`, `BatchUpdate.IndexPathList` and the positions of
/// `BatchUpdate.ItemMove`: a batch's item paths stored as two integers each, read as
/// `IndexPath`s.
@Suite("Batch item positions")
struct BatchUpdateIndexPathListTests {
  typealias Position = BatchUpdate.ItemPosition
  typealias List = BatchUpdate.IndexPathList

  // MARK: ItemPosition

  @Test func aPositionRoundTripsThroughAnIndexPath() {
    let position = Position(section: 3, item: 7)
    #expect(position.section == 3)
    #expect(position.item == 7)
    #expect(position.indexPath == IndexPath(item: 7, section: 3))
    #expect(Position(IndexPath(item: 7, section: 3)) == position)
    #expect(Position(IndexPath(item: 0, section: 3)) != position)
    #expect(position.description == "3-7")
  }

  @Test func positionsSortAsIndexPathsDo() {
    let positions = [
      Position(section: 1, item: 0), Position(section: 0, item: 5), Position(section: 0, item: 2),
      Position(section: 1, item: 9), Position(section: 0, item: 0),
    ]
    #expect(positions.sorted().map(\.indexPath) == positions.map(\.indexPath).sorted())
    #expect(Position(section: 0, item: 9) < Position(section: 1, item: 0))
    #expect(!(Position(section: 1, item: 0) < Position(section: 1, item: 0)))
  }

  @Test func aPathWithoutTwoIndexesIsNoPosition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = BatchUpdate.ItemPosition(IndexPath(indexes: [1, 2, 3]))
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.ItemPosition(_:): index path [1, 2, 3], which does not have exactly two "
          + "indexes"))
  }

  // MARK: IndexPathList

  @Test func aListReadsLikeAnArrayOfIndexPaths() {
    let paths = [IndexPath(item: 2, section: 0), IndexPath(item: 0, section: 1)]
    let list = List(paths)
    #expect(list.count == 2)
    #expect(!list.isEmpty)
    #expect(list.startIndex == 0)
    #expect(list.endIndex == 2)
    #expect(list[0] == paths[0])
    #expect(list[1] == paths[1])
    #expect(Array(list) == paths)
    #expect(list.positions == [Position(section: 0, item: 2), Position(section: 1, item: 0)])
    #expect(list == paths)
    #expect(paths == list)
    #expect(!(list == Array(paths.reversed())))
    #expect(list == [IndexPath(item: 2, section: 0), IndexPath(item: 0, section: 1)])
    #expect(list.description == "[[0, 2], [1, 0]]")
    #expect(list.description == paths.description)
    #expect(list.debugDescription == list.description)
  }

  @Test func anEmptyListIsEmpty() {
    #expect(List().isEmpty)
    #expect(List().count == 0)
    #expect(List() == [] as List)
    #expect(List().description == "[]")
    #expect(List(positions: []).isEmpty)
  }

  @Test func positionsAreSharedBothWays() {
    let positions = [Position(section: 4, item: 1), Position(section: 0, item: 0)]
    let list = List(positions: positions)
    #expect(list.positions == positions)
    #expect(Array(list) == positions.map(\.indexPath))
    let address = { (array: [Position]) in array.withUnsafeBufferPointer { $0.baseAddress } }
    #expect(address(list.positions) == address(positions))  // not copied in
    #expect(address(list.positions) == address(list.positions))  // nor out
  }

  @Test func aListIsMutableAndRangeReplaceable() {
    var list: List = [IndexPath(item: 0, section: 0)]
    list.append(section: 2, item: 5)
    list.append(IndexPath(item: 1, section: 1))
    #expect(list.positions.map(\.description) == ["0-0", "2-5", "1-1"])
    list[0] = IndexPath(item: 9, section: 9)
    #expect(list[0] == IndexPath(item: 9, section: 9))
    list.sort()
    #expect(list.positions.map(\.description) == ["1-1", "2-5", "9-9"])
    list.replaceSubrange(
      1..<2, with: [IndexPath(item: 0, section: 3), IndexPath(item: 1, section: 3)])
    #expect(list.positions.map(\.description) == ["1-1", "3-0", "3-1", "9-9"])
    list.removeFirst()
    list.insert(IndexPath(item: 7, section: 0), at: 0)
    #expect(list.positions.map(\.description) == ["0-7", "3-0", "3-1", "9-9"])
    #expect(list.remove(at: 1) == IndexPath(item: 0, section: 3))
    list.removeSubrange(1..<2)
    #expect(list.positions.map(\.description) == ["0-7", "9-9"])
    list.removeAll(keepingCapacity: true)
    #expect(list.isEmpty)
    #expect(list.positions.capacity >= 4)
    list.removeAll()
    #expect(list.positions.capacity == 0)
    list.reserveCapacity(100)
    #expect(list.positions.capacity >= 100)
    list.append(contentsOf: (0..<100).map { IndexPath(item: $0, section: 0) })
    #expect(list.count == 100)
    #expect(list.last == IndexPath(item: 99, section: 0))
  }

  @Test func slicesAndSwapsWriteThrough() {
    var list = List((0..<5).map { IndexPath(item: $0, section: 0) })
    list[1..<4].reverse()
    #expect(list.positions.map(\.item) == [0, 3, 2, 1, 4])
    list.swapAt(0, 4)
    #expect(list.positions.map(\.item) == [4, 3, 2, 1, 0])
    list[0..<2] = list[3..<5]
    #expect(list.positions.map(\.item) == [1, 0, 2, 1, 0])
    let zeros: List = list.filter { $0.item == 0 }  // a list, as RangeReplaceableCollection makes
    #expect(zeros.positions == [Position(section: 0, item: 0), Position(section: 0, item: 0)])
  }

  @Test func aListAndAnArrayCompareBothWays() {
    let list: List = [IndexPath(item: 1, section: 0)]
    let same = [IndexPath(item: 1, section: 0)]
    let other = [IndexPath(item: 2, section: 0)]
    #expect(list == same && same == list)
    #expect(list != other && other != list)
    #expect(!(list != same) && !(same != list))
    #expect(!(list == other) && !(other == list))
    #expect(
      list != [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)] as [IndexPath])
  }

  @Test func aCopyKeepsItsValue() {
    var list: List = [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]
    let hidden = list
    list.append(section: 5, item: 5)
    list[0] = IndexPath(item: 3, section: 3)
    #expect(hidden == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    #expect(hidden.positions == [Position(section: 0, item: 0), Position(section: 0, item: 1)])
    #expect(list.count == 3)
  }

  @Test func equalListsHashAlike() {
    let first: List = [IndexPath(item: 1, section: 2)]
    let second = List(positions: [Position(section: 2, item: 1)])
    #expect(first == second)
    #expect(Set([first, second]).count == 1)
    #expect(first != [IndexPath(item: 2, section: 1)] as List)
  }

  @Test func storingAPathWithoutTwoIndexesStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var list: BatchUpdate.IndexPathList = [IndexPath(item: 0, section: 0)]
      list[0] = IndexPath(index: 4)
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.IndexPathList.subscript(_:): index path [4], which does not have exactly "
          + "two indexes"))
  }

  @Test func appendingAPathWithoutTwoIndexesStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var list = BatchUpdate.IndexPathList()
      list.append(IndexPath(indexes: [1, 1, 1]))
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.IndexPathList.append(_:): index path [1, 1, 1], which does not have"))
  }

  @Test func appendingManyNamesTheMethod() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var list = BatchUpdate.IndexPathList()
      list.append(contentsOf: [IndexPath(item: 0, section: 0), IndexPath()])
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.IndexPathList.append(contentsOf:): index path [], which does not have"))
  }

  @Test func anArrayLiteralNamesTheElement() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let list: BatchUpdate.IndexPathList = [IndexPath(item: 0, section: 0), IndexPath(index: 9)]
      _ = list
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.IndexPathList.init(arrayLiteral:): element[1] is index path [9], which"))
  }

  @Test func aBatchBuiltFromPathsWithoutTwoIndexesStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = BatchUpdate(
        insertedItems: [IndexPath(item: 0, section: 0), IndexPath(indexes: [0, 1, 2])])
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.init(…): insertedItems[1] is index path [0, 1, 2], which does not have "
          + "exactly two indexes"))
  }

  // MARK: ItemMove

  @Test func aMoveReadsAndWritesItsPathsThroughItsPositions() {
    var move = BatchUpdate.ItemMove(
      from: IndexPath(item: 1, section: 0), to: IndexPath(item: 4, section: 2))
    #expect(move.fromPosition == Position(section: 0, item: 1))
    #expect(move.toPosition == Position(section: 2, item: 4))
    #expect(move.from == IndexPath(item: 1, section: 0))
    #expect(move.to == IndexPath(item: 4, section: 2))
    move.from = IndexPath(item: 8, section: 1)
    move.to = IndexPath(item: 0, section: 0)
    #expect(move.fromPosition == Position(section: 1, item: 8))
    #expect(move.toPosition == Position(section: 0, item: 0))
    move.toPosition.item = 6
    #expect(move.to == IndexPath(item: 6, section: 0))
    let same = BatchUpdate.ItemMove(
      from: Position(section: 1, item: 8), to: Position(section: 0, item: 6))
    #expect(move == same)
    #expect(move.hashValue == same.hashValue)
  }

  @Test func aMoveToAPathWithoutTwoIndexesStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var move = BatchUpdate.ItemMove(
        from: BatchUpdate.ItemPosition(section: 0, item: 0),
        to: BatchUpdate.ItemPosition(section: 0, item: 1))
      move.to = IndexPath()
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.ItemMove.to: index path [], which does not have exactly two indexes"))
  }

  @Test func aMoveFromAPathWithoutTwoIndexesStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var move = BatchUpdate.ItemMove(
        from: BatchUpdate.ItemPosition(section: 0, item: 0),
        to: BatchUpdate.ItemPosition(section: 0, item: 1))
      move.from = IndexPath(index: 2)
    }
    #expect(standardError(result).contains("BatchUpdate.ItemMove.from: index path [2], which"))
  }

  @Test func aMoveMadeFromAPathWithoutTwoIndexesStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = BatchUpdate.ItemMove(from: IndexPath(item: 0, section: 0), to: IndexPath(index: 3))
    }
    #expect(
      standardError(result).contains(
        "BatchUpdate.ItemMove(from:to:): to is index path [3], which does not have"))
  }

  // MARK: The diff's output

  @Test func theDiffWritesPositionsThatReadBackAsItsPaths() {
    var old = DiffableDataSourceSnapshot<String, Int>()
    old.appendSections(["A", "B"])
    old.appendItems([1, 2, 3, 4], toSection: "A")
    old.appendItems([5, 6], toSection: "B")
    var new = DiffableDataSourceSnapshot<String, Int>()
    new.appendSections(["A", "B"])
    new.appendItems([4, 1, 3, 7], toSection: "A")
    new.appendItems([2, 6], toSection: "B")
    new.reconfigureItems([6])
    let update = BatchUpdate(from: old, to: new)
    #expect(update.deletedItems == [IndexPath(item: 0, section: 1)])  // 5
    #expect(update.insertedItems == [IndexPath(item: 3, section: 0)])  // 7
    #expect(update.reconfiguredItems == [IndexPath(item: 1, section: 1)])  // 6
    #expect(
      update.movedItems.map { "\($0.fromPosition)→\($0.toPosition)" } == ["0-3→0-0", "0-1→1-0"])
    #expect(update.movedItems.map(\.from) == update.movedItems.map(\.fromPosition.indexPath))
    #expect(
      update.description
        == "BatchUpdate(deletedItems: [1-0], insertedItems: [0-3], "
        + "movedItems: [0-3→0-0, 0-1→1-0], reconfiguredItems: [1-1])")
  }
}
