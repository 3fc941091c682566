#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdateSimulator.Replayer {
  /// Checks every structural item operation (range, the state of its section, conflicts)
  /// and records it. Runs after `placeSections()`, which says where new sections come from.
  func registerItemOperations() throws(BatchUpdateError) {
    for path in update.deletedItems {
      let action = BatchUpdateSimulator.ItemAction.delete(path)
      let flat = try oldFlatIndex(path, action)
      try checkOldSectionKeepsItems(path[0], action)
      try claimOldItem(flat, as: .deleted)
      deletedCounts[path[0]] += 1
    }
    for path in update.reloadedItems {
      let action = BatchUpdateSimulator.ItemAction.reload(path)
      let flat = try oldFlatIndex(path, action)
      try checkOldSectionKeepsItems(path[0], action)
      try claimOldItem(flat, as: .reloaded)
    }
    for path in update.insertedItems {
      let action = BatchUpdateSimulator.ItemAction.insert(path)
      let flat = try newFlatIndex(path, action)
      try checkNewSectionKeepsItems(path[0], action)
      try claimNewItem(flat, as: .inserted)
      insertedCounts[path[0]] += 1
    }
    for move in update.movedItems {
      let action = BatchUpdateSimulator.ItemAction.move(move)
      let from = try oldFlatIndex(move.from, action)
      let to = try newFlatIndex(move.to, action)
      try checkOldSectionKeepsItems(move.from[0], action)
      try checkNewSectionKeepsItems(move.to[0], action)
      try claimOldItem(from, as: .movedOut(to: to))
      try claimNewItem(to, as: .movedIn(from: from))
      movedOutCounts[move.from[0]] += 1
      movedInCounts[move.to[0]] += 1
    }
  }

  /// The flattened old index of a delete, reload or move source, checked against the old
  /// counts.
  private func oldFlatIndex(
    _ path: IndexPath, _ action: BatchUpdateSimulator.ItemAction
  ) throws(BatchUpdateError) -> Int {
    let (section, item) = (path[0], path[1])
    guard section >= 0, section < oldSections.count else {
      throw outOfRange(action, sectionProblem(section, count: oldSections.count, "before"))
    }
    let count = oldCount(ofSection: section)
    guard item >= 0, item < count else {
      throw outOfRange(
        action,
        item < 0
          ? "an item index cannot be negative"
          : "section \(section) (\(describeOldSection(section))) only contains \(count) "
            + "items before the update")
    }
    return oldStarts[section] + item
  }

  /// The flattened new index of an insert, move destination or reconfigure, checked
  /// against the new counts.
  func newFlatIndex(
    _ path: IndexPath, _ action: BatchUpdateSimulator.ItemAction
  ) throws(BatchUpdateError) -> Int {
    let (section, item) = (path[0], path[1])
    guard section >= 0, section < newSections.count else {
      throw outOfRange(action, sectionProblem(section, count: newSections.count, "after"))
    }
    let count = newCount(ofSection: section)
    guard item >= 0, item < count else {
      throw outOfRange(
        action,
        item < 0
          ? "an item index cannot be negative"
          : "there are only \(count) items in section \(section) "
            + "(\(describeNewSection(section))) after the update")
    }
    return newStarts[section] + item
  }

  private func sectionProblem(_ section: Int, count: Int, _ when: String) -> String {
    section < 0
      ? "a section index cannot be negative"
      : "there are only \(count) sections \(when) the update"
  }

  private func outOfRange(
    _ action: BatchUpdateSimulator.ItemAction, _ problem: String
  ) -> BatchUpdateError {
    BatchUpdateError(
      rule: .itemIndexOutOfRange, message: "attempt to \(action.phrase), but \(problem)")
  }

  /// A delete, reload or move source must not lie in an old section that the batch deletes,
  /// reloads or moves.
  private func checkOldSectionKeepsItems(
    _ section: Int, _ action: BatchUpdateSimulator.ItemAction
  ) throws(BatchUpdateError) {
    var name: String { "section \(section) (\(describeOldSection(section)))" }
    switch oldSectionRoles[section] {
    case .untouched:
      return
    case .deleted:
      throw inChangedSection(action, "\(name) is deleted", "the section delete removes its items")
    case .reloaded:
      throw inChangedSection(
        action, "\(name) is reloaded", "the section reload replaces all its items")
    case .movedOut(let to):
      throw inMovedSection(action, "\(name) moves to section \(to)")
    }
  }

  /// An insert or move destination must not lie in a new section that the batch inserts,
  /// reloads or moves.
  private func checkNewSectionKeepsItems(
    _ section: Int, _ action: BatchUpdateSimulator.ItemAction
  ) throws(BatchUpdateError) {
    var name: String { "section \(section) (\(describeNewSection(section)))" }
    switch sectionOrigins[section] {
    case .kept:
      return
    case .inserted:
      throw inChangedSection(action, "\(name) is inserted", "the section insert brings its items")
    case .reloaded(let from):
      throw inChangedSection(
        action, "\(name) is reloaded (section \(from) before the update)",
        "the section reload fetches all its items")
    case .moved(let from):
      throw inMovedSection(action, "\(name) moves from section \(from)")
    }
  }

  private func inChangedSection(
    _ action: BatchUpdateSimulator.ItemAction, _ state: String, _ reason: String
  ) -> BatchUpdateError {
    BatchUpdateError(
      rule: .itemInChangedSection,
      message: "attempt to \(action.phrase), but \(state) in the same batch; \(reason)")
  }

  private func inMovedSection(
    _ action: BatchUpdateSimulator.ItemAction, _ state: String
  ) -> BatchUpdateError {
    BatchUpdateError(
      rule: .itemChangeInMovedSection,
      message: "attempt to \(action.phrase), but \(state) in the same batch; a section cannot "
        + "move while items inside it change: delete and insert the section instead")
  }

  private func claimOldItem(
    _ flat: Int, as role: BatchUpdateSimulator.OldRole
  ) throws(BatchUpdateError) {
    let previous = oldItemRoles[flat]
    guard case .untouched = previous else {
      throw BatchUpdateSimulator.oldConflict(
        previous, role, level: .item, name: describeOldItem(flat),
        describeNew: { BatchUpdateSimulator.describe(newPath(ofFlat: $0)) })
    }
    oldItemRoles[flat] = role
  }

  private func claimNewItem(
    _ flat: Int, as role: BatchUpdateSimulator.NewRole
  ) throws(BatchUpdateError) {
    let previous = newItemRoles[flat]
    guard case .free = previous else {
      throw BatchUpdateSimulator.newConflict(
        previous, role, level: .item, name: describeNewItem(flat),
        describeOld: { describeOldItem($0) })
    }
    newItemRoles[flat] = role
  }

  /// UIKit's counting rule, for every section that exists before and after the update and
  /// is not reloaded.
  func checkItemCounts() throws(BatchUpdateError) {
    for (section, origin) in sectionOrigins.enumerated() {
      let from: Int
      switch origin {
      case .kept(let index), .moved(let index): from = index
      case .inserted, .reloaded: continue
      }
      let before = oldCount(ofSection: from)
      let after = newCount(ofSection: section)
      let (deleted, inserted) = (deletedCounts[from], insertedCounts[section])
      let (movedOut, movedIn) = (movedOutCounts[from], movedInCounts[section])
      guard after == before - deleted + inserted - movedOut + movedIn else {
        let moved = from == section ? "" : " (section \(from) before the update)"
        throw BatchUpdateError(
          rule: .itemCountMismatch,
          message: "Invalid update: invalid number of items in section \(section). The number "
            + "of items contained in an existing section after the update (\(after)) must be "
            + "equal to the number of items contained in that section before the update "
            + "(\(before)), plus or minus the number of items inserted or deleted from that "
            + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number "
            + "of items moved into or out of that section (\(movedIn) moved in, \(movedOut) "
            + "moved out). Section \(section) has \(describeNewSection(section))\(moved).")
      }
    }
  }
}
