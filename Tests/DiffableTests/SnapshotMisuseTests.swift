import Diffable
import Testing

/// What a child process wrote to standard error, as text.
func standardError(_ result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Every misuse stops the process with a message naming the method and the identifiers.
@Suite("Snapshot misuse")
struct SnapshotMisuseTests {
  @Test func appendingDuplicateItemsInOneCall() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1, 2, 1, 3, 2])
    }
    let text = standardError(result)
    #expect(text.contains("appendItems(_:toSection:): duplicate item identifiers"))
    #expect(text.contains("[1, 2]"))
  }

  @Test func appendingADuplicateOfAnExistingItemInOneCall() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([7])
      snapshot.appendItems([7, 7])
    }
    #expect(standardError(result).contains("duplicate item identifiers in the arguments: [7]"))
  }

  @Test func appendingWithNoSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendItems([1])
    }
    #expect(standardError(result).contains("appendItems(_:toSection:): there are no sections"))
  }

  @Test func appendingToAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1], toSection: "Nope")
    }
    #expect(
      standardError(result).contains(
        "appendItems(_:toSection:): section identifier Nope does not exist"))
  }

  @Test func insertingBeforeAnUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.insertItems([1], beforeItem: 42)
    }
    #expect(
      standardError(result).contains(
        "insertItems(_:beforeItem:): target item identifier 42 does not exist"))
  }

  @Test func insertingAfterAnUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.insertItems([], afterItem: 42)
    }
    #expect(
      standardError(result).contains(
        "insertItems(_:afterItem:): target item identifier 42 does not exist"))
  }

  @Test func insertingRelativeToAnItemInTheList() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1, 2])
      snapshot.insertItems([3, 2], afterItem: 2)
    }
    #expect(
      standardError(result).contains(
        "insertItems(_:afterItem:): target item identifier 2 is among the items being inserted"))
  }

  @Test func movingAnUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1])
      snapshot.moveItem(5, beforeItem: 1)
    }
    #expect(
      standardError(result).contains("moveItem(_:beforeItem:): item identifier 5 does not exist"))
  }

  @Test func movingToAnUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1])
      snapshot.moveItem(1, afterItem: 5)
    }
    #expect(
      standardError(result).contains(
        "moveItem(_:afterItem:): target item identifier 5 does not exist"))
  }

  @Test func movingAnItemOntoItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1, 2])
      snapshot.moveItem(2, beforeItem: 2)
    }
    #expect(
      standardError(result).contains(
        "moveItem(_:beforeItem:): item identifier 2 cannot move onto itself"))
  }

  @Test func reloadingAnUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1])
      snapshot.reloadItems([1, 8, 9])
    }
    #expect(
      standardError(result).contains(
        "reloadItems(_:): item identifiers [8, 9] do not exist in the snapshot"))
  }

  @Test func reconfiguringAnUnknownItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.reconfigureItems([3])
    }
    #expect(
      standardError(result).contains(
        "reconfigureItems(_:): item identifiers [3] do not exist in the snapshot"))
  }

  @Test func askingForTheItemsOfAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let snapshot = DiffableDataSourceSnapshot<String, Int>()
      _ = snapshot.itemIdentifiers(inSection: "Ghost")
    }
    #expect(
      standardError(result).contains(
        "itemIdentifiers(inSection:): section identifier Ghost does not exist"))
  }

  @Test func countingTheItemsOfAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let snapshot = DiffableDataSourceSnapshot<String, Int>()
      _ = snapshot.numberOfItems(inSection: "Ghost")
    }
    #expect(
      standardError(result).contains(
        "numberOfItems(inSection:): section identifier Ghost does not exist"))
  }

  @Test func appendingAnExistingSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A", "B"])
      snapshot.appendSections(["C", "A"])
    }
    #expect(
      standardError(result).contains(
        "appendSections(_:): section identifiers [\"A\"] already exist in the snapshot"))
  }

  @Test func appendingDuplicateSectionsInOneCall() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A", "B", "B", "C", "A", "A"])
    }
    // Each repeated identifier once, in the order of its second occurrence.
    #expect(
      standardError(result).contains(
        "appendSections(_:): duplicate section identifiers in the arguments: [\"B\", \"A\"]"))
  }

  @Test func insertingSectionsBeforeAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.insertSections(["A"], beforeSection: "Z")
    }
    #expect(
      standardError(result).contains(
        "insertSections(_:beforeSection:): target section identifier Z does not exist"))
  }

  @Test func insertingSectionsAfterASectionInTheList() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.insertSections(["B", "A"], afterSection: "A")
    }
    #expect(
      standardError(result).contains(
        "insertSections(_:afterSection:): section identifiers [\"A\"] already exist"))
  }

  @Test func movingAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.moveSection("Q", afterSection: "A")
    }
    #expect(
      standardError(result).contains(
        "moveSection(_:afterSection:): section identifier Q does not exist"))
  }

  @Test func movingASectionToAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.moveSection("A", beforeSection: "Q")
    }
    #expect(
      standardError(result).contains(
        "moveSection(_:beforeSection:): target section identifier Q does not exist"))
  }

  @Test func movingASectionOntoItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.moveSection("A", beforeSection: "A")
    }
    #expect(
      standardError(result).contains(
        "moveSection(_:beforeSection:): section identifier A cannot move onto itself"))
  }

  @Test func reloadingAnUnknownSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.reloadSections(["A", "B"])
    }
    #expect(
      standardError(result).contains(
        "reloadSections(_:): section identifiers [\"B\"] do not exist in the snapshot"))
  }
}
