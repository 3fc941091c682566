#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdateReplay {
  /// The items that get a new cell although nothing asks for one, in their order after the
  /// update.
  ///
  /// An item present before and after the update should keep its cell (kept or moved),
  /// unless it is marked with `reloadItems(_:)` in the new snapshot, or its old section is
  /// deleted or reloaded, or its new section is inserted or reloaded. An item listed here is
  /// reloaded, or deleted and inserted, instead: the view drops the cell's state (focus,
  /// selection, a running animation) and animates a replacement instead of a move.
  ///
  /// The project's diff never does this. A hand-written batch may, and is still a valid
  /// batch, so ``BatchUpdateSimulator/replay(_:from:to:)`` does not reject it; call
  /// ``checkIdentityPreserved()`` to require it.
  ///
  /// - Complexity: O(*n*) expected, for *n* cells.
  public var itemsThatLostTheirCell: [ItemIdentifierType] {
    lostCells().map(\.cell.identifier)
  }

  /// Throws unless every item present before and after the update keeps its cell, as
  /// ``itemsThatLostTheirCell`` defines it.
  ///
  /// - Throws: A ``BatchUpdateError`` with rule
  ///   ``BatchUpdateError/Rule/identityNotPreserved`` that names the first such item, where
  ///   it was and where it lands, and how many there are.
  /// - Complexity: O(*n*) expected, for *n* cells.
  public func checkIdentityPreserved() throws(BatchUpdateError) {
    let lost = lostCells()
    guard let first = lost.first else { return }
    let item = BatchUpdateSimulator.describe(identifier: first.cell.identifier)
    let landing = BatchUpdateSimulator.describe(first.newPath)
    let how =
      switch first.cell.origin {
      case .reloaded(let from):
        "it is reloaded at \(BatchUpdateSimulator.describe(from))"
      default:
        "it is deleted from \(BatchUpdateSimulator.describe(first.oldPath)) and inserted at "
          + landing
      }
    let count = lost.count == 1 ? "" : " (\(lost.count) items lose their cell; this is the first)"
    throw BatchUpdateError(
      rule: .identityNotPreserved,
      message: "item \(item) loses its cell: \(how), although it is in both snapshots, is not "
        + "marked for reload, and neither its old nor its new section is deleted, inserted or "
        + "reloaded; keep its cell (move it, or leave it in place) instead\(count)")
  }

  private func lostCells() -> [(cell: Cell, oldPath: IndexPath, newPath: IndexPath)] {
    var discardedOldSections = Set(update.deletedSections)
    discardedOldSections.formUnion(update.reloadedSections)
    let reloadMarked = Set(new.reloadedItemIdentifiers)
    var lost: [(cell: Cell, oldPath: IndexPath, newPath: IndexPath)] = []
    for (sectionIndex, section) in sections.enumerated() where !section.origin.isFresh {
      for (itemIndex, cell) in section.cells.enumerated() where cell.origin.isFresh {
        guard !reloadMarked.contains(cell.identifier),
          let oldPath = old.indexPath(ofItem: cell.identifier),
          !discardedOldSections.contains(oldPath[0])
        else { continue }
        let newPath = BatchUpdateSimulator.makeIndexPath(section: sectionIndex, item: itemIndex)
        lost.append((cell, oldPath, newPath))
      }
    }
    return lost
  }
}
