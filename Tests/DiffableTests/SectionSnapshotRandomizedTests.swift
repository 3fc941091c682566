import Diffable
import DiffableTestSupport
import Foundation
import Testing

/// Random sequences of every mutation, checked against `SectionSnapshotReferenceModel`
/// after each step.
///
/// Fixed seeds, so that every run covers the same ground, plus one fresh seed per run to
/// explore; each is printed. `DIFFABLE_SEED=<seed>` replays one seed alone, and
/// `DIFFABLE_LONG_TESTS=<n>` multiplies the number of steps by *n*.
@Suite("Section snapshot against the reference model")
struct SectionSnapshotRandomizedTests {
  static let seeds: [UInt64] = {
    if ProcessInfo.processInfo.environment["DIFFABLE_SEED"] != nil {
      return [RandomizedTesting.seed("SectionSnapshotRandomizedTests")]
    }
    return (0..<10).map { 0x5EC7_1000 + $0 } + [
      RandomizedTesting.seed("SectionSnapshotRandomizedTests")
    ]
  }()

  @Test("random mutations match the model", arguments: seeds)
  func randomMutations(seed: UInt64) throws {
    print("SectionSnapshotRandomizedTests: forests up to 300 items, seed \(seed)")
    var runner = Runner(seed: seed, maximumCount: 300)
    try runner.run(steps: 400 * max(1, RandomizedTesting.multiplier))
  }

  @Test("random mutations on small forests match the model", arguments: seeds)
  func smallForests(seed: UInt64) throws {
    print("SectionSnapshotRandomizedTests: forests up to 12 items, seed \(seed)")
    var runner = Runner(seed: seed, maximumCount: 12)
    try runner.run(steps: 600 * max(1, RandomizedTesting.multiplier))
  }

  struct Runner {
    var random: SeededGenerator
    let seed: UInt64
    let maximumCount: Int
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    var model = SectionSnapshotReferenceModel()
    var nextIdentifier = 0
    var log: [String] = []

    init(seed: UInt64, maximumCount: Int) {
      self.seed = seed
      self.maximumCount = maximumCount
      random = SeededGenerator(seed: seed)
    }

    mutating func run(steps: Int) throws {
      // Unknown items passed to expand are expected here; their warnings are checked in
      // the misuse tests.
      // Unknown items passed to expand draw warnings, checked in the expansion tests.
      let ignore: @Sendable (String) -> Void = { _ in }
      try DiffableDiagnostics.$warningHandler.withValue(ignore) {
        for step in 0..<steps {
          try self.step()
          try check(step: step)
        }
      }
    }

    mutating func fresh(_ count: Int) -> [Int] {
      defer { nextIdentifier += count }
      return Array(nextIdentifier..<nextIdentifier + count)
    }

    mutating func existing() -> Int? {
      model.items.randomElement(using: &random)
    }

    /// A small random outline of fresh items, as a snapshot and as a model.
    mutating func forest(maximum: Int) -> (
      DiffableDataSourceSectionSnapshot<Int>, SectionSnapshotReferenceModel
    ) {
      var subModel = SectionSnapshotReferenceModel()
      let count = Int.random(in: 0...maximum, using: &random)
      for item in fresh(count) {
        let parent =
          Bool.random(using: &random) ? subModel.items.randomElement(using: &random) : nil
        subModel.append([item], to: parent)
        if Int.random(in: 0..<3, using: &random) == 0 { subModel.expand([item]) }
      }
      return (subModel.makeSnapshot(), subModel)
    }

    mutating func step() throws {
      let full = model.count >= maximumCount
      let choice = Int.random(in: 0..<(full ? 6 : 16), using: &random)
      switch (full, choice) {
      case (false, 0..<3), (false, 14), (false, 15):
        let items = fresh(Int.random(in: 0...5, using: &random))
        let parent = Bool.random(using: &random) ? existing() : nil
        log.append("append(\(items), to: \(String(describing: parent)))")
        snapshot.append(items, to: parent)
        model.append(items, to: parent)
      case (false, 3), (false, 4):
        guard let destination = existing() else { return }
        let items = fresh(Int.random(in: 0...3, using: &random))
        if choice == 3 {
          log.append("insert(\(items), before: \(destination))")
          snapshot.insert(items, before: destination)
          model.insert(items, before: destination)
        } else {
          log.append("insert(\(items), after: \(destination))")
          snapshot.insert(items, after: destination)
          model.insert(items, after: destination)
        }
      case (false, 5), (false, 6):
        guard let destination = existing() else { return }
        let (other, otherModel) = forest(maximum: 6)
        if choice == 5 {
          log.append("insert(snapshot \(otherModel.items), before: \(destination))")
          snapshot.insert(other, before: destination)
          model.insert(otherModel, before: destination)
        } else {
          log.append("insert(snapshot \(otherModel.items), after: \(destination))")
          snapshot.insert(other, after: destination)
          model.insert(otherModel, after: destination)
        }
      case (false, 7), (true, 0), (true, 1):
        var doomed: [Int] = []
        for _ in 0..<Int.random(in: 1...(full ? 12 : 3), using: &random) {
          // Now and then an identifier that is not there, which must be ignored.
          doomed.append(existing() ?? -7)
        }
        if Int.random(in: 0..<4, using: &random) == 0 { doomed.append(1_000_000) }
        log.append("delete(\(doomed))")
        snapshot.delete(doomed)
        model.delete(doomed)
      case (false, 8), (true, 2):
        guard let parent = existing() else { return }
        var (other, otherModel) = forest(maximum: full ? 2 : 5)
        // Reuse some of the children being replaced: they are free to come back.
        if let reused = model.children[parent]!.randomElement(using: &random),
          Bool.random(using: &random)
        {
          otherModel.append([reused], to: nil)
          other = otherModel.makeSnapshot()
        }
        log.append("replace(childrenOf: \(parent), using: \(otherModel.items))")
        snapshot.replace(childrenOf: parent, using: other)
        model.replace(childrenOf: parent, using: otherModel)
      case (false, 9), (false, 10), (true, 3):
        var items: [Int] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          if let item = existing() { items.append(item) }
        }
        if Int.random(in: 0..<8, using: &random) == 0 { items.append(2_000_000) }
        log.append("expand(\(items))")
        snapshot.expand(items)
        model.expand(items)
      case (false, 11), (false, 12), (true, 4):
        var items: [Int] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          if let item = existing() { items.append(item) }
        }
        log.append("collapse(\(items))")
        snapshot.collapse(items)
        model.collapse(items)
      default:
        if Int.random(in: 0..<40, using: &random) == 0 {
          log.append("deleteAll()")
          snapshot.deleteAll()
          model.deleteAll()
        } else if let parent = existing() {
          // Replace the snapshot by one of its own subtrees now and then, to exercise
          // re-basing through every later step.
          let includingParent = Bool.random(using: &random)
          log.append("snapshot(of: \(parent), includingParent: \(includingParent))")
          let extracted = snapshot.snapshot(of: parent, includingParent: includingParent)
          let expected = model.subtree(of: parent, includingParent: includingParent)
          try #require(SectionSnapshotReferenceModel(extracted) == expected, "\(context)")
          if Int.random(in: 0..<10, using: &random) == 0 {
            snapshot = extracted
            model = expected
          }
        }
      }
    }

    var context: String {
      "seed \(seed), after: \(log.suffix(6).joined(separator: "; "))"
    }

    func check(step: Int) throws {
      let items = model.items
      try #require(snapshot.items == items, "step \(step), \(context)")
      try #require(snapshot.visibleItems == model.visibleItems, "step \(step), \(context)")
      try #require(snapshot.rootItems == model.rootItems, "step \(step), \(context)")
      try #require(snapshot.expandedItems == model.expandedItems, "step \(step), \(context)")
      for (index, item) in items.enumerated() {
        try #require(snapshot.contains(item), "step \(step), \(context)")
        try #require(snapshot.index(of: item) == index, "step \(step), \(context)")
        try #require(snapshot.level(of: item) == model.level(of: item), "\(item), \(context)")
        try #require(snapshot.parent(of: item) == model.parent(of: item), "\(item), \(context)")
        try #require(
          snapshot.isExpanded(item) == model.expanded.contains(item), "\(item), \(context)")
        try #require(snapshot.isVisible(item) == model.isVisible(item), "\(item), \(context)")
      }
      try #require(!snapshot.contains(-3))
      try #require(snapshot.index(of: -3) == nil)
      // The same outline built plainly must be equal: structure and expansion state are the
      // value, not the history that led to them.
      if step % 7 == 0 {
        try #require(snapshot == model.makeSnapshot(), "step \(step), \(context)")
        let data = try JSONEncoder().encode(snapshot)
        let decoded = try JSONDecoder().decode(
          DiffableDataSourceSectionSnapshot<Int>.self, from: data)
        try #require(decoded == snapshot, "step \(step), \(context)")
        try #require(decoded.visibleItems == snapshot.visibleItems, "step \(step), \(context)")
      }
    }
  }
}
