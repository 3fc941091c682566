#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdateSimulator.Replayer {
  typealias Cell = Replay.Cell

  /// Lays out the sections and cells after the structural batch, and checks on the way
  /// that they land on the new snapshot. Runs once every count is known to match, so each
  /// section has exactly as many cells to place as positions.
  ///
  /// Only kept and moved sections and cells can differ from the new snapshot: fresh ones
  /// are fetched from it.
  func buildSections() throws(BatchUpdateError) -> [Replay.Section] {
    var sections: [Replay.Section] = []
    sections.reserveCapacity(newSections.count)
    for (section, origin) in sectionOrigins.enumerated() {
      switch origin {
      case .inserted, .reloaded:
        let cells = newItems[newStarts[section]..<newStarts[section + 1]].map {
          Cell(identifier: $0, origin: .inFreshSection)
        }
        sections.append(
          Replay.Section(identifier: newSections[section], origin: origin, cells: cells))
      case .kept(let from), .moved(let from):
        guard oldSections[from] == newSections[section] else {
          throw BatchUpdateError(
            rule: .landingMismatch,
            message: "the batch does not land on the new snapshot: section \(section) after "
              + "the update has \(describeOldSection(from)) (\(origin)), but the new snapshot "
              + "has \(describeNewSection(section)) there")
        }
        sections.append(
          Replay.Section(
            identifier: oldSections[from], origin: origin,
            cells: try buildCells(ofSection: section, from: from)))
      }
    }
    return sections
  }

  /// The cells of a section that keeps its cells: inserts and move destinations take their
  /// positions, and the old section's surviving and reloaded cells fill the others in order.
  private func buildCells(
    ofSection section: Int, from oldSection: Int
  ) throws(BatchUpdateError) -> [Cell] {
    var cells: [Cell] = []
    cells.reserveCapacity(newCount(ofSection: section))
    // Locals: this loop runs once per item, and debug builds retain a property per access.
    let (oldItems, oldItemRoles) = (self.oldItems, self.oldItemRoles)
    let (newItems, newItemRoles) = (self.newItems, self.newItemRoles)
    let oldStart = oldStarts[oldSection]
    var next = oldStart
    for flat in newStarts[section]..<newStarts[section + 1] {
      let cell: Cell
      switch newItemRoles[flat] {
      case .inserted:
        cells.append(Cell(identifier: newItems[flat], origin: .inserted))
        continue
      case .movedIn(let from):
        cell = Cell(identifier: oldItems[from], origin: .moved(from: oldPath(ofFlat: from)))
      case .free:
        while !oldItemRoles[next].staysInPlace { next += 1 }
        let path = BatchUpdateSimulator.makeIndexPath(section: oldSection, item: next - oldStart)
        if case .reloaded = oldItemRoles[next] {
          cells.append(Cell(identifier: newItems[flat], origin: .reloaded(from: path)))
          next += 1
          continue
        }
        cell = Cell(identifier: oldItems[next], origin: .kept(from: path))
        next += 1
      }
      guard cell.identifier == newItems[flat] else {
        throw BatchUpdateError(
          rule: .landingMismatch,
          message: "the batch does not land on the new snapshot: "
            + "\(BatchUpdateSimulator.describe(newPath(ofFlat: flat))) after the update has "
            + "identifier \(BatchUpdateSimulator.describe(identifier: cell.identifier)) "
            + "(\(cell.origin)), but the new snapshot has identifier "
            + "\(BatchUpdateSimulator.describe(identifier: newItems[flat])) there")
      }
      cells.append(cell)
    }
    return cells
  }

  /// Marks the reconfigured cells. Reconfigures name positions after the update and refresh
  /// existing cells, so each must name a kept or moved cell, once.
  func applyReconfigures(to sections: inout [Replay.Section]) throws(BatchUpdateError) {
    for path in update.reconfiguredItems {
      let flat = try newFlatIndex(path, .reconfigure(path))
      let cell = sections[path[0]].cells[path[1]]
      guard !cell.origin.isFresh else {
        throw BatchUpdateError(
          rule: .invalidReconfigure,
          message: "attempt to reconfigure \(describeNewItem(flat)), but its cell is new "
            + "(\(cell.origin)); a reconfigure refreshes an existing cell, and a new cell "
            + "already shows the new content")
      }
      guard !cell.isReconfigured else {
        throw BatchUpdateError(
          rule: .invalidReconfigure,
          message: "attempt to reconfigure \(describeNewItem(flat)) twice")
      }
      sections[path[0]].cells[path[1]].isReconfigured = true
    }
  }

  /// Checks that the batch honours the reload and reconfigure marks of the new snapshot,
  /// for the sections and items that exist before and after.
  func checkMarks(_ sections: [Replay.Section]) throws(BatchUpdateError) {
    for identifier in new.reloadedSectionIdentifiers {
      guard let before = old.indexOfSection(identifier),
        let after = new.indexOfSection(identifier)
      else { continue }
      let origin = sections[after].origin
      guard origin.isFresh else {
        throw BatchUpdateError(
          rule: .sectionReloadMarkIgnored,
          message: "section identifier \(BatchUpdateSimulator.describe(identifier: identifier)) "
            + "is marked for reload in the new snapshot, but the batch keeps it (section "
            + "\(before) before the update, section \(after) after it, \(origin)): reload it, "
            + "or delete and insert it")
      }
    }
    for identifier in new.reloadedItemIdentifiers {
      guard let (path, cell) = cell(ofMarkedItem: identifier, in: sections), !cell.origin.isFresh
      else {
        continue
      }
      throw BatchUpdateError(
        rule: .reloadMarkIgnored,
        message: "item identifier \(BatchUpdateSimulator.describe(identifier: identifier)) is "
          + "marked for reload in the new snapshot, but the batch keeps its cell "
          + "(\(cell.origin), at \(BatchUpdateSimulator.describe(path)) after the update): "
          + "reload it, or delete and insert it when it also moves")
    }
    for identifier in new.reconfiguredItemIdentifiers {
      guard let (path, cell) = cell(ofMarkedItem: identifier, in: sections),
        !cell.origin.isFresh, !cell.isReconfigured
      else { continue }
      throw BatchUpdateError(
        rule: .reconfigureMarkIgnored,
        message: "item identifier \(BatchUpdateSimulator.describe(identifier: identifier)) is "
          + "marked for reconfigure in the new snapshot, but the batch neither reconfigures nor "
          + "replaces its cell (\(cell.origin)): reconfigure "
          + "\(BatchUpdateSimulator.describe(path)) (reconfigures name index paths after the "
          + "update)")
    }
  }

  /// The cell of a marked item that exists before and after the update; nil otherwise,
  /// since a mark on an item that only exists after it asks for nothing beyond its insert.
  private func cell(
    ofMarkedItem identifier: I, in sections: [Replay.Section]
  ) -> (IndexPath, Cell)? {
    guard old.contains(item: identifier), let path = new.indexPath(ofItem: identifier) else {
      return nil
    }
    return (path, sections[path[0]].cells[path[1]])
  }
}
