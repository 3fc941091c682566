import Diffable
import DiffableTestSupport
import Foundation
import Testing

/// An obviously correct model of a snapshot: sections as an array of (identifier, items).
struct SnapshotModel: Equatable {
  var sections: [(id: String, items: [Int])] = []

  static func == (left: SnapshotModel, right: SnapshotModel) -> Bool {
    left.sections.map(\.id) == right.sections.map(\.id)
      && left.sections.map(\.items) == right.sections.map(\.items)
  }

  var allItems: [Int] { sections.flatMap(\.items) }

  func location(of item: Int) -> (section: Int, item: Int)? {
    for (s, section) in sections.enumerated() {
      if let i = section.items.firstIndex(of: item) { return (s, i) }
    }
    return nil
  }

  mutating func remove(_ item: Int) {
    if let (s, i) = location(of: item) { sections[s].items.remove(at: i) }
  }

  init() {}

  init(_ snapshot: DiffableDataSourceSnapshot<String, Int>) {
    sections = snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
  }
}

@Suite("Snapshot against a reference model")
struct SnapshotModelTests {
  /// Random operations on a snapshot and the model side by side; every query is compared
  /// after every step.
  @Test func randomOperationsMatchTheModel() {
    var random = SeededGenerator(seed: RandomizedTesting.seed("snapshot-model"))
    let runs = 300 * RandomizedTesting.multiplier
    for _ in 0..<runs {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      var model = SnapshotModel()
      var nextItem = 0
      var nextSection = 0
      var log: [String] = []
      for _ in 0..<40 {
        let before = snapshot.description
        let step = Int.random(in: 0..<11, using: &random)
        let existing = model.allItems
        let sectionIDs = model.sections.map(\.id)
        func fresh(_ count: Int) -> [Int] {
          defer { nextItem += count }
          return Array(nextItem..<nextItem + count)
        }
        switch step {
        case 0:
          let ids = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            defer { nextSection += 1 }
            return "S\(nextSection)"
          }
          snapshot.appendSections(ids)
          model.sections += ids.map { ($0, []) }
        case 1 where !sectionIDs.isEmpty:
          let target = Int.random(in: 0..<sectionIDs.count, using: &random)
          let id = "S\(nextSection)"
          nextSection += 1
          let after = Bool.random(using: &random)
          if after {
            snapshot.insertSections([id], afterSection: sectionIDs[target])
          } else {
            snapshot.insertSections([id], beforeSection: sectionIDs[target])
          }
          model.sections.insert((id, []), at: after ? target + 1 : target)
        case 2 where !sectionIDs.isEmpty, 3 where !sectionIDs.isEmpty:
          let section = Int.random(in: 0..<sectionIDs.count, using: &random)
          var items = fresh(Int.random(in: 0...6, using: &random))
          // Sometimes re-append an existing item: it moves.
          if let moved = existing.randomElement(using: &random), Bool.random(using: &random) {
            items.insert(moved, at: Int.random(in: 0...items.count, using: &random))
            model.remove(moved)
          }
          silencingWarnings { snapshot.appendItems(items, toSection: sectionIDs[section]) }
          model.sections[section].items += items
        case 4 where !existing.isEmpty:
          let target = existing.randomElement(using: &random)!
          let items = fresh(Int.random(in: 1...4, using: &random))
          let after = Bool.random(using: &random)
          after
            ? snapshot.insertItems(items, afterItem: target)
            : snapshot.insertItems(items, beforeItem: target)
          let (s, i) = model.location(of: target)!
          model.sections[s].items.insert(contentsOf: items, at: after ? i + 1 : i)
        case 5 where !existing.isEmpty:
          let doomed = (0..<Int.random(in: 1...12, using: &random)).compactMap { _ in
            Bool.random(using: &random) ? existing.randomElement(using: &random) : nextItem + 99
          }
          snapshot.deleteItems(doomed)
          for item in Set(doomed) { model.remove(item) }
        case 6 where existing.count >= 2:
          let item = existing.randomElement(using: &random)!
          var target = existing.randomElement(using: &random)!
          while target == item { target = existing.randomElement(using: &random)! }
          let after = Bool.random(using: &random)
          after
            ? snapshot.moveItem(item, afterItem: target)
            : snapshot.moveItem(item, beforeItem: target)
          model.remove(item)
          let (s, i) = model.location(of: target)!
          model.sections[s].items.insert(item, at: after ? i + 1 : i)
        case 7 where sectionIDs.count >= 2:
          let source = Int.random(in: 0..<sectionIDs.count, using: &random)
          var target = Int.random(in: 0..<sectionIDs.count, using: &random)
          while target == source { target = Int.random(in: 0..<sectionIDs.count, using: &random) }
          let after = Bool.random(using: &random)
          after
            ? snapshot.moveSection(sectionIDs[source], afterSection: sectionIDs[target])
            : snapshot.moveSection(sectionIDs[source], beforeSection: sectionIDs[target])
          let moving = model.sections.remove(at: source)
          let landing = model.sections.firstIndex { $0.id == sectionIDs[target] }!
          model.sections.insert(moving, at: after ? landing + 1 : landing)
        case 8 where !sectionIDs.isEmpty:
          let doomed = sectionIDs.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
          snapshot.deleteSections(doomed + ["nope"])
          model.sections.removeAll { doomed.contains($0.id) }
        case 9 where !existing.isEmpty:
          snapshot.reloadItems([existing.randomElement(using: &random)!])
          snapshot.reconfigureItems([existing.randomElement(using: &random)!])
        case 10 where Int.random(in: 0..<10, using: &random) == 0:
          snapshot.deleteAllItems()
          model = SnapshotModel()
        default:
          break
        }
        log.append("step \(step) from \(before)")
        if !check(snapshot, against: model) {
          Issue.record("diverged after:\n\(log.suffix(3).joined(separator: "\n"))")
          return
        }
      }
    }
  }

  func check(_ snapshot: DiffableDataSourceSnapshot<String, Int>, against model: SnapshotModel)
    -> Bool
  {
    guard SnapshotModel(snapshot) == model else {
      Issue.record("snapshot \(snapshot) differs from model \(model.sections)")
      return false
    }
    let all = model.allItems
    #expect(snapshot.itemIdentifiers == all)
    #expect(snapshot.numberOfItems == all.count)
    #expect(snapshot.numberOfSections == model.sections.count)
    for (s, section) in model.sections.enumerated() {
      #expect(snapshot.indexOfSection(section.id) == s)
      #expect(snapshot.numberOfItems(inSection: section.id) == section.items.count)
      for (i, item) in section.items.enumerated() {
        #expect(snapshot.sectionIdentifier(containingItem: item) == section.id)
        #expect(snapshot.indexPath(ofItem: item) == IndexPath(item: i, section: s))
      }
    }
    for (index, item) in all.enumerated() { #expect(snapshot.indexOfItem(item) == index) }
    for item in snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers {
      #expect(all.contains(item), "a mark outlived its item \(item)")
    }
    return true
  }
}

@Suite("Snapshot value semantics")
struct SnapshotValueSemanticsTests {
  /// Every mutation on a copy leaves the original (and a hidden copy of it) unchanged.
  @Test func mutationsNeverReachACopy() {
    let original = makeABC()
    let hidden = SnapshotModel(original)
    let mutations: [(inout Snapshot) -> Void] = [
      { $0.appendItems([9]) },
      { $0.appendItems([9], toSection: "A") },
      { $0.insertItems([9], beforeItem: 1) },
      { $0.insertItems([9], afterItem: 5) },
      { $0.deleteItems([1]) },
      { $0.deleteAllItems() },
      { $0.moveItem(1, afterItem: 5) },
      { $0.moveItem(5, beforeItem: 1) },
      { $0.appendSections(["D"]) },
      { $0.insertSections(["D"], beforeSection: "A") },
      { $0.insertSections(["D"], afterSection: "A") },
      { $0.deleteSections(["A"]) },
      { $0.moveSection("A", afterSection: "C") },
      { $0.moveSection("C", beforeSection: "A") },
      { $0.reloadItems([1]) },
      { $0.reconfigureItems([1]) },
      { $0.reloadSections(["A"]) },
    ]
    for mutate in mutations {
      var copy = original
      mutate(&copy)
      #expect(SnapshotModel(original) == hidden)
      #expect(!original.hasMarks)
      #expect(original.itemIdentifiers == [1, 2, 3, 4, 5])
      #expect(original.indexOfItem(5) == 4)
    }
  }

  @Test func snapshotsCrossConcurrencyDomains() async {
    let snapshot = makeABC()
    let count = await Task.detached { snapshot.numberOfItems }.value
    #expect(count == 5)
  }
}

@Suite("Snapshot Codable")
struct SnapshotCodableTests {
  @Test func roundTripKeepsStructureAndMarks() throws {
    var snapshot = makeABC()
    snapshot.reloadItems([2])
    snapshot.reconfigureItems([4, 1])
    snapshot.reloadSections(["B"])
    let data = try JSONEncoder().encode(snapshot)
    let decoded = try JSONDecoder().decode(Snapshot.self, from: data)
    #expect(decoded == snapshot)
    #expect(decoded.reloadedItemIdentifiers == [2])
    #expect(decoded.reconfiguredItemIdentifiers == [4, 1])
    #expect(decoded.reloadedSectionIdentifiers == ["B"])
    #expect(decoded.indexOfItem(5) == 4)
  }

  @Test func encodedForm() throws {
    var snapshot = Snapshot()
    snapshot.appendSections(["A"])
    snapshot.appendItems([1])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    #expect(text == #"{"sections":[{"identifier":"A","items":[1]}]}"#)
  }

  @Test(arguments: [
    (#"{"sections":[{"identifier":"A","items":[1]},{"identifier":"A","items":[]}]}"#, "A"),
    (#"{"sections":[{"identifier":"A","items":[1,2]},{"identifier":"B","items":[3,2]}]}"#, "2"),
    (#"{"sections":[{"identifier":"A","items":[1]}],"reloadedItems":[7]}"#, "7"),
    (#"{"sections":[{"identifier":"A","items":[1]}],"reconfiguredItems":[8]}"#, "8"),
    (#"{"sections":[{"identifier":"A","items":[1]}],"reloadedSections":["Q"]}"#, "Q"),
  ])
  func corruptInputThrowsNamingTheIdentifier(json: String, culprit: String) {
    #expect {
      _ = try JSONDecoder().decode(Snapshot.self, from: Data(json.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription.contains("identifier \(culprit)")
    }
  }

  @Test func wrongShapeThrows() {
    #expect(throws: DecodingError.self) {
      _ = try JSONDecoder().decode(Snapshot.self, from: Data(#"{"sections":{}}"#.utf8))
    }
  }
}
