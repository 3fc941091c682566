import Diffable
import DiffableTestSupport
import Testing

/// Misuse stops the process with a message naming the method and the identifier. Each
/// closure runs in a child process, so it cannot capture anything.
@Suite("Section snapshot: misuse")
struct SectionSnapshotMisuseTests {
  /// Runs the exit test's standard error through `contains`.
  static func text(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test func duplicateInArguments() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2, 1])
    }
    #expect(
      Self.text(result).contains("append(_:to:): duplicate item identifiers in the arguments: [1]"))
  }

  @Test func itemAlreadyPresent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2])
      outline.append([3], to: 1)
      outline.insert([4, 3], after: 2)
    }
    #expect(
      Self.text(result).contains(
        "insert(_:after:): item identifiers [3] already exist in the section snapshot"))
  }

  @Test func unknownParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1])
      outline.append([2], to: 99)
    }
    #expect(
      Self.text(result).contains(
        "append(_:to:): parent item identifier 99 does not exist in the section snapshot"))
  }

  @Test func unknownParentWithEmptyItems() async {
    await #expect(processExitsWith: .failure) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([], to: 99)
    }
  }

  @Test func appendUnderItselfWhenNew() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([5, 6], to: 5)
    }
    #expect(
      Self.text(result).contains(
        "append(_:to:): parent item identifier 5 does not exist in the section snapshot; "
          + "an item cannot be appended under itself"))
  }

  @Test func appendUnderItselfWhenPresent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([5])
      outline.append([6, 5], to: 5)
    }
    #expect(
      Self.text(result).contains(
        "append(_:to:): parent item identifier 5 is among the items being inserted"))
  }

  @Test func unknownDestinationBefore() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1])
      outline.insert([2], before: 42)
    }
    #expect(
      Self.text(result).contains(
        "insert(_:before:): destination item identifier 42 does not exist in the section snapshot"
      ))
  }

  @Test func unknownDestinationAfter() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.insert([2], after: 42)
    }
    #expect(
      Self.text(result).contains(
        "insert(_:after:): destination item identifier 42 does not exist in the section snapshot"))
  }

  @Test func insertBesideItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2])
      outline.insert([3, 1], before: 1)
    }
    #expect(
      Self.text(result).contains(
        "insert(_:before:): destination item identifier 1 is among the items being inserted"))
  }

  @Test func insertSnapshotContainingTheDestination() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2])
      var other = DiffableDataSourceSectionSnapshot<Int>()
      other.append([7])
      other.append([2], to: 7)
      outline.insert(other, after: 2)
    }
    #expect(
      Self.text(result).contains(
        "insert(_:after:): destination item identifier 2 is among the items being inserted"))
  }

  @Test func insertSnapshotWithAnExistingItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2])
      var other = DiffableDataSourceSectionSnapshot<Int>()
      other.append([7, 1])
      outline.insert(other, before: 2)
    }
    #expect(
      Self.text(result).contains(
        "insert(_:before:): item identifiers [1] already exist in the section snapshot"))
  }

  @Test func insertSnapshotBeforeUnknownDestination() async {
    await #expect(processExitsWith: .failure) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.insert(DiffableDataSourceSectionSnapshot<Int>(), before: 3)
    }
  }

  @Test func replaceChildrenOfUnknownParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.replace(childrenOf: 8, using: DiffableDataSourceSectionSnapshot<Int>())
    }
    #expect(
      Self.text(result).contains(
        "replace(childrenOf:using:): parent item identifier 8 does not exist in the section "
          + "snapshot"))
  }

  @Test func replaceChildrenUnderItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1])
      var other = DiffableDataSourceSectionSnapshot<Int>()
      other.append([2])
      other.append([1], to: 2)
      outline.replace(childrenOf: 1, using: other)
    }
    #expect(
      Self.text(result).contains(
        "replace(childrenOf:using:): parent item identifier 1 is among the items being inserted"))
  }

  @Test func replaceChildrenWithAnItemFromElsewhere() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append([1, 2])
      var other = DiffableDataSourceSectionSnapshot<Int>()
      other.append([2])
      outline.replace(childrenOf: 1, using: other)
    }
    #expect(
      Self.text(result).contains(
        "replace(childrenOf:using:): item identifiers [2] already exist in the section snapshot"))
  }

  @Test func levelOfUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DiffableDataSourceSectionSnapshot<Int>().level(of: 4)
    }
    #expect(
      Self.text(result).contains(
        "level(of:): item identifier 4 does not exist in the section snapshot"))
  }

  @Test func childSnapshotOfUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DiffableDataSourceSectionSnapshot<Int>().snapshot(of: 4, includingParent: true)
    }
    #expect(
      Self.text(result).contains(
        "snapshot(of:includingParent:): parent item identifier 4 does not exist in the section "
          + "snapshot"))
  }

  @Test func toleratedMisuseDoesNotStop() {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1])
    let warnings = collectingWarnings {
      outline.expand([9])
      outline.collapse([9])
      outline.delete([9])
    }
    #expect(outline.items == [1])
    // Deleting an unknown item is silent, as in the full snapshot.
    #expect(warnings.count == 2)
  }
}
