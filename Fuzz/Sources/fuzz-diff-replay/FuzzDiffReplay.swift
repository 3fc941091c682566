import Diffable
import DiffableDataSource
import DiffableTesting
import Foundation
import FuzzSupport

/// libFuzzer's entry point: reads the bytes as edits to two snapshots (identifiers drawn
/// from small ranges, so they collide), diffs them, and replays the batch with the
/// simulator and through a data source on a `RecordingListView`. Any rejected batch, wrong
/// landing, or cell that the view and the simulator place differently stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiffReplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  var edits: [(Edit, Side)] = []
  while !input.isAtEnd { edits.append(Edit.read(from: &input)) }
  // Plain-data identifiers and reference-counted ones take different paths in the diff
  // and the simulator (bytes compared first for the former).
  run(edits, Identifiers(section: { $0 }, item: { $0 }))
  run(edits, Identifiers(section: { "s\($0)" }, item: { "i\($0)" }))
  return 0
}

/// Which snapshot an edit changes.
private enum Side {
  case both, old, new
}

/// One snapshot mutation, with identifiers as small numbers.
private enum Edit {
  case appendSection(Int)
  case insertSection(Int, next: Int, after: Bool)
  case deleteSections([Int])
  case moveSection(Int, next: Int, after: Bool)
  case appendItems(first: Int, count: Int, section: Int?)
  case insertItem(Int, next: Int, after: Bool)
  case deleteItems([Int])
  case moveItem(Int, next: Int, after: Bool)
  case movePosition(source: Int, section: Int, item: Int)
  case reloadItems([Int])
  case reconfigureItems([Int])
  case reloadSection(Int)
  case deleteAll

  static let sectionRange = 8

  static func read(from input: inout FuzzInput) -> (Edit, Side) {
    let op = input.byte()
    let side: Side = [.both, .old, .new, .new][op & 3]
    let section = { (input: inout FuzzInput) in input.below(sectionRange) }
    let item = { (input: inout FuzzInput) in input.byte() }
    let edit: Edit
    switch (op >> 2) % 14 {
    case 0: edit = .appendSection(section(&input))
    case 1:
      edit = .insertSection(section(&input), next: section(&input), after: input.bool())
    case 2: edit = .deleteSections([section(&input)])
    case 3: edit = .moveSection(section(&input), next: section(&input), after: input.bool())
    case 4:
      let first = item(&input)
      let count = 1 + input.below(16)
      let target = input.below(sectionRange + 1)
      edit = .appendItems(
        first: first, count: count, section: target == sectionRange ? nil : target)
    case 5: edit = .insertItem(item(&input), next: item(&input), after: input.bool())
    case 6: edit = .deleteItems([item(&input), item(&input)])
    case 7: edit = .moveItem(item(&input), next: item(&input), after: input.bool())
    case 8:
      edit = .movePosition(source: input.byte(), section: input.byte(), item: input.byte())
    case 9: edit = .reloadItems([item(&input), item(&input)])
    case 10: edit = .reconfigureItems([item(&input), item(&input)])
    case 11: edit = .reloadSection(section(&input))
    case 12: edit = .deleteItems((0..<input.below(8)).map { _ in item(&input) })
    default: edit = input.below(4) == 0 ? .deleteAll : .appendSection(section(&input))
    }
    return (edit, side)
  }
}

/// How small numbers become identifiers of one type.
private struct Identifiers<S: Hashable & Sendable, I: Hashable & Sendable> {
  let section: (Int) -> S
  let item: (Int) -> I
}

private func run<S: Hashable & Sendable, I: Hashable & Sendable>(
  _ edits: [(Edit, Side)], _ ids: Identifiers<S, I>
) {
  var old = DiffableDataSourceSnapshot<S, I>()
  var new = DiffableDataSourceSnapshot<S, I>()
  for (edit, side) in edits {
    if side != .new { apply(edit, to: &old, ids, marks: false) }
    if side != .old { apply(edit, to: &new, ids, marks: true) }
  }
  let (update, replay) = checkDiff(from: old, to: new)
  MainActor.assumeIsolated { checkView(from: old, to: new, update: update, replay: replay) }
}

/// Applies an edit when the snapshot meets its documented preconditions, and skips it
/// otherwise: a precondition failure is a caller's bug, not the library's.
private func apply<S, I>(
  _ edit: Edit, to snapshot: inout DiffableDataSourceSnapshot<S, I>, _ ids: Identifiers<S, I>,
  marks: Bool
) {
  switch edit {
  case .appendSection(let section):
    let section = ids.section(section)
    if !snapshot.contains(section: section) { snapshot.appendSections([section]) }
  case .insertSection(let section, let next, let after):
    let (section, next) = (ids.section(section), ids.section(next))
    guard snapshot.contains(section: next), !snapshot.contains(section: section) else { return }
    if after {
      snapshot.insertSections([section], afterSection: next)
    } else {
      snapshot.insertSections([section], beforeSection: next)
    }
  case .deleteSections(let sections):
    snapshot.deleteSections(sections.map(ids.section))
  case .moveSection(let section, let next, let after):
    let (section, next) = (ids.section(section), ids.section(next))
    guard section != next, snapshot.contains(section: section), snapshot.contains(section: next)
    else { return }
    if after {
      snapshot.moveSection(section, afterSection: next)
    } else {
      snapshot.moveSection(section, beforeSection: next)
    }
  case .appendItems(let first, let count, let section):
    // Appending an item that exists moves it with a warning; only new items are appended.
    let items = (first..<first + count).map { ids.item($0 % 256) }.filter {
      !snapshot.contains(item: $0)
    }
    guard !items.isEmpty, snapshot.numberOfSections > 0 else { return }
    if let section {
      let section = ids.section(section)
      guard snapshot.contains(section: section) else { return }
      snapshot.appendItems(items, toSection: section)
    } else {
      snapshot.appendItems(items)
    }
  case .insertItem(let item, let next, let after):
    let (item, next) = (ids.item(item), ids.item(next))
    guard snapshot.contains(item: next), !snapshot.contains(item: item) else { return }
    if after {
      snapshot.insertItems([item], afterItem: next)
    } else {
      snapshot.insertItems([item], beforeItem: next)
    }
  case .deleteItems(let items):
    snapshot.deleteItems(items.map(ids.item))
  case .moveItem(let item, let next, let after):
    let (item, next) = (ids.item(item), ids.item(next))
    guard item != next, snapshot.contains(item: item), snapshot.contains(item: next) else {
      return
    }
    if after {
      snapshot.moveItem(item, afterItem: next)
    } else {
      snapshot.moveItem(item, beforeItem: next)
    }
  case .movePosition(let source, let section, let item):
    guard snapshot.numberOfItems > 0 else { return }
    let moving = snapshot.itemIdentifiers[source % snapshot.numberOfItems]
    let from = snapshot.indexPath(ofItem: moving)!
    let to = section % snapshot.numberOfSections
    let others = snapshot.numberOfItems(inSectionAt: to) - (to == from[0] ? 1 : 0)
    snapshot.moveItem(at: from, to: IndexPath(indexes: [to, item % (others + 1)]))
  case .reloadItems(let items):
    guard marks else { return }
    snapshot.reloadItems(items.map(ids.item).filter { snapshot.contains(item: $0) })
  case .reconfigureItems(let items):
    guard marks else { return }
    snapshot.reconfigureItems(items.map(ids.item).filter { snapshot.contains(item: $0) })
  case .reloadSection(let section):
    let section = ids.section(section)
    guard marks, snapshot.contains(section: section) else { return }
    snapshot.reloadSections([section])
  case .deleteAll:
    snapshot.deleteAllItems()
  }
}

/// Which apply configured a cell last.
@MainActor
private final class Generation {
  var value = 1
}

/// Applies `old` then `new` through a data source on a `RecordingListView`, and checks that
/// the view received the diff's batch and holds the cells the simulator says it should:
/// the same objects for kept and moved cells, new ones for fresh cells, and configured again
/// exactly where they are fresh or reconfigured.
@MainActor
private func checkView<S, I>(
  from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>,
  update: BatchUpdate, replay: BatchUpdateReplay<S, I>
) {
  let view = RecordingListView()
  view.invalidBatchPolicy = .record
  let generation = Generation()
  let registration = CellRegistration<ListCell, I> { cell, _, id in
    var content = cell.defaultContentConfiguration()
    content.text = "\(id)@\(generation.value)"
    cell.contentConfiguration = content
  }
  let dataSource = CollectionViewDiffableDataSource<S, I>(collectionView: view) {
    view, indexPath, id in
    view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
  }
  dataSource.applySnapshotUsingReloadData(old)
  let before = view.cells
  generation.value = 2
  dataSource.apply(new)

  guard view.rejectedBatches.isEmpty else {
    fuzzFailure("the view rejected \(view.rejectedBatches)\nold: \(old)\nnew: \(new)")
  }
  let expectedCall: RecordingListView.Call? =
    update.isEmpty ? nil : .performBatchUpdates(update, animated: true)
  guard view.calls.dropFirst().last == expectedCall, dataSource.snapshot() == new.withoutMarks
  else {
    fuzzFailure("the view got \(view.calls) for \(update)\nold: \(old)\nnew: \(new)")
  }
  let oldCells = Set(before.joined().map(ObjectIdentifier.init))
  let cells = view.cells
  guard cells.map(\.count) == replay.sections.map(\.cells.count) else {
    fuzzFailure("the view shows \(cells.map(\.count)) cells per section\n\(replay)")
  }
  for (section, placed) in replay.sections.enumerated() {
    for (item, expected) in placed.cells.enumerated() {
      let cell = cells[section][item]
      let fresh = placed.origin.isFresh || expected.origin.isFresh
      let configuredAgain = fresh || expected.isReconfigured
      let text = "\(expected.identifier)@\(configuredAgain ? 2 : 1)"
      var sameObject = !oldCells.contains(ObjectIdentifier(cell))
      if !fresh, let from = expected.origin.oldIndexPath {
        sameObject = before[from[0]][from[1]] === cell
      }
      guard sameObject, cell.listContentConfiguration?.text == text else {
        fuzzFailure(
          "cell [\(section), \(item)] shows \(cell.listContentConfiguration?.text ?? "nothing") "
            + "(\(sameObject ? "" : "not ")the object expected), expected \(text): "
            + "\(expected.origin)\n\(replay)")
      }
    }
  }
}
