import Diffable

/// Random old/new snapshot pairs covering every kind of change a diff must express.
///
/// Sizes are skewed small (most pairs hold under 60 items, some up to 500) so that tens of
/// thousands of pairs fit in a debug `swift test`.
public struct RandomSnapshotPairs {
  /// The snapshots generated.
  public typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// The randomness behind every choice.
  public var random: SeededGenerator
  private var nextItem = 0
  private var nextSection = 0

  /// Pairs whose sequence is fixed by `seed`.
  public init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  private mutating func freshItems(_ count: Int) -> [Int] {
    defer { nextItem += count }
    return Array(nextItem..<nextItem + count)
  }

  private mutating func freshSection() -> Int {
    defer { nextSection += 1 }
    return nextSection
  }

  /// A pair, and whether it has a single section on both sides (where moves must be exactly
  /// minimal).
  public mutating func next(singleSection: Bool = false) -> (old: Snapshot, new: Snapshot) {
    let maxItems = [8, 20, 60, 60, 150, 500].randomElement(using: &random)!
    let sectionCount = singleSection ? 1 : Int.random(in: 0...10, using: &random)
    var model: [(id: Int, items: [Int])] = (0..<sectionCount).map { _ in (freshSection(), []) }
    if !model.isEmpty {
      for _ in 0..<Int.random(in: 0...maxItems, using: &random) {
        model[Int.random(in: 0..<model.count, using: &random)].items.append(freshItems(1)[0])
      }
    }
    let old = build(model)

    // Edit rates per pair, so some pairs barely change and others change a lot.
    let deleteRate = [0, 2, 10, 50].randomElement(using: &random)!
    let insertRate = [0, 2, 10, 50].randomElement(using: &random)!
    let moveRate = [0, 1, 5, 30].randomElement(using: &random)!

    if !singleSection {
      model.removeAll { _ in chance(deleteRate / 2) }
      for _ in 0..<Int.random(in: 0...2, using: &random) where chance(insertRate + 10) {
        let items = freshItems(Int.random(in: 0...5, using: &random))
        model.insert((freshSection(), items), at: Int.random(in: 0...model.count, using: &random))
      }
      for index in model.indices where chance(moveRate + 5) && model.count > 1 {
        let section = model.remove(at: index)
        model.insert(section, at: Int.random(in: 0...model.count, using: &random))
      }
      if chance(5) { model.shuffle(using: &random) }
    }
    for index in model.indices {
      model[index].items.removeAll { _ in chance(deleteRate) }
      let additions = model[index].items.count * insertRate / 100 + (chance(30) ? 1 : 0)
      for _ in 0..<additions {
        model[index].items.insert(
          freshItems(1)[0], at: Int.random(in: 0...model[index].items.count, using: &random))
      }
      // In-section moves.
      let moves = model[index].items.count * moveRate / 100 + (chance(20) ? 1 : 0)
      for _ in 0..<moves where model[index].items.count > 1 {
        let items = model[index].items
        let item = model[index].items.remove(at: Int.random(in: 0..<items.count, using: &random))
        model[index].items.insert(
          item, at: Int.random(in: 0...model[index].items.count, using: &random))
      }
      if chance(3) { model[index].items.shuffle(using: &random) }
    }
    // Cross-section moves.
    if model.count > 1 {
      for _ in 0..<Int.random(in: 0...3, using: &random) where chance(moveRate * 3 + 10) {
        let from = Int.random(in: 0..<model.count, using: &random)
        let to = Int.random(in: 0..<model.count, using: &random)
        guard !model[from].items.isEmpty else { continue }
        let item = model[from].items.remove(
          at: Int.random(in: 0..<model[from].items.count, using: &random))
        model[to].items.insert(item, at: Int.random(in: 0...model[to].items.count, using: &random))
      }
    }

    var new = build(model)
    // Marks: on items and sections of the new snapshot, surviving or not.
    let items = new.itemIdentifiers
    if !items.isEmpty {
      let markRate = [0, 0, 2, 10, 40].randomElement(using: &random)!
      new.reloadItems(items.filter { _ in chance(markRate) })
      new.reconfigureItems(items.filter { _ in chance(markRate) })
    }
    if !new.sectionIdentifiers.isEmpty && chance(15) {
      new.reloadSections([new.sectionIdentifiers.randomElement(using: &random)!])
    }
    return (old, new)
  }

  private func build(_ model: [(id: Int, items: [Int])]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(model.map(\.id))
    for section in model { snapshot.appendItems(section.items, toSection: section.id) }
    return snapshot
  }
}
