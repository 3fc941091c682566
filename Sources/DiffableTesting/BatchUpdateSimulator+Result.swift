#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// `memcmp`, for comparing runs of plain-data identifiers.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(WASILibc)
  import WASILibc
#elseif canImport(ucrt)
  import ucrt
#endif

extension BatchUpdateSimulator.Replayer {
  typealias Cell = Replay.Cell
  typealias FlatCellOrigin = BatchUpdateSimulator.FlatCellOrigin

  /// Says where every position after the structural batch gets its cell, and checks on the
  /// way that the cells land on the new snapshot. Runs once every count is known to match,
  /// so each section has exactly as many cells to place as positions.
  ///
  /// Only kept and moved sections and cells can differ from the new snapshot: fresh ones
  /// are fetched from it.
  func placeCells() throws(BatchUpdateError) -> [FlatCellOrigin] {
    // Every position starts as fresh; the positions of kept and moved sections are then
    // written in place by a loop that is not generic: the replayer's methods run
    // unspecialized when called from another module's generic code, as a view's are.
    var origins = [FlatCellOrigin](repeating: .inFreshSection, count: newItems.count)
    for (section, origin) in sectionOrigins.enumerated() {
      switch origin {
      case .inserted, .reloaded:
        continue  // already in a fresh section
      case .kept(let from), .moved(let from):
        guard oldSections[from] == newSections[section] else {
          throw BatchUpdateError(
            rule: .landingMismatch,
            message: "the batch does not land on the new snapshot: section \(section) after "
              + "the update has \(describeOldSection(from)) (\(origin)), but the new snapshot "
              + "has \(describeNewSection(section)) there")
        }
        let range = newStarts[section]..<newStarts[section + 1]
        let oldRange = oldStarts[from]..<oldStarts[from + 1]
        origins.withUnsafeMutableBufferPointer { placed in
          oldItemRoles.withUnsafeBufferPointer { oldRoles in
            newItemRoles.withUnsafeBufferPointer { newRoles in
              BatchUpdateSimulator.placeCellsOfKeptSection(
                at: range, from: oldRange, oldRoles: oldRoles, newRoles: newRoles, into: placed)
            }
          }
        }
        try checkLanding(in: range, origins)
      }
    }
    return origins
  }

  /// Throws if a cell carried over into `range` shows another identifier than the new
  /// snapshot has there.
  private func checkLanding(in range: Range<Int>, _ origins: [FlatCellOrigin])
    throws(BatchUpdateError)
  {
    guard let flat = firstMismatch(in: range, origins) else { return }
    let from = origins[flat].carriedCell!
    throw BatchUpdateError(
      rule: .landingMismatch,
      message: "the batch does not land on the new snapshot: "
        + "\(BatchUpdateSimulator.describe(newPath(ofFlat: flat))) after the update has "
        + "identifier \(BatchUpdateSimulator.describe(identifier: oldItems[from])) "
        + "(\(cellOrigin(origins[flat]))), but the new snapshot has identifier "
        + "\(BatchUpdateSimulator.describe(identifier: newItems[flat])) there")
  }

  /// The first position in `range` whose carried cell shows another identifier than the
  /// new snapshot has there.
  ///
  /// Compared through buffer pointers: in code generic over the identifier type, an array
  /// subscript copies each identifier out and destroys it again, while a buffer pointer
  /// lends it. For a plain-data type (`Int`, `UUID`, a struct of them), a run of cells
  /// carried over in order is first compared as bytes: identical bytes are the same value,
  /// as `==` is reflexive, so only runs whose bytes differ are compared with `==`.
  private func firstMismatch(in range: Range<Int>, _ origins: [FlatCellOrigin]) -> Int? {
    let plainData = _isPOD(I.self)
    let stride = MemoryLayout<I>.stride
    return oldItems.withUnsafeBufferPointer { oldItems in
      newItems.withUnsafeBufferPointer { newItems in
        var flat = range.lowerBound
        while flat < range.upperBound {
          guard let from = origins[flat].carriedCell else {
            flat += 1
            continue
          }
          // The run of cells carried from consecutive old positions.
          var end = flat + 1
          while end < range.upperBound, origins[end].carriedCell == from + (end - flat) {
            end += 1
          }
          let sameBytes =
            plainData && end - flat > 1
            && memcmp(
              oldItems.baseAddress! + from, newItems.baseAddress! + flat, (end - flat) * stride)
              == 0
          if !sameBytes {
            for position in flat..<end
            where !(oldItems[from + position - flat] == newItems[position]) {
              return position
            }
          }
          flat = end
        }
        return nil
      }
    }
  }

  /// Checks the reconfigures and returns the flattened new indexes they name. Reconfigures
  /// name positions after the update and refresh existing cells, so each must name a kept
  /// or moved cell, once.
  func reconfiguredCells(_ origins: [FlatCellOrigin]) throws(BatchUpdateError) -> Set<Int> {
    var reconfigured = Set<Int>()
    for path in update.reconfiguredItems {
      let flat = try newFlatIndex(path, .reconfigure(path))
      guard !origins[flat].isFresh else {
        throw BatchUpdateError(
          rule: .invalidReconfigure,
          message: "attempt to reconfigure \(describeNewItem(flat)), but its cell is new "
            + "(\(cellOrigin(origins[flat]))); a reconfigure refreshes an existing cell, and a "
            + "new cell already shows the new content")
      }
      guard reconfigured.insert(flat).inserted else {
        throw BatchUpdateError(
          rule: .invalidReconfigure,
          message: "attempt to reconfigure \(describeNewItem(flat)) twice")
      }
    }
    return reconfigured
  }

  /// Checks that the batch honours the reload and reconfigure marks of the new snapshot,
  /// for the sections and items that exist before and after.
  func checkMarks(
    _ origins: [FlatCellOrigin], reconfigured: Set<Int>
  ) throws(BatchUpdateError) {
    for identifier in new.reloadedSectionIdentifiers {
      guard let before = old.indexOfSection(identifier),
        let after = new.indexOfSection(identifier)
      else { continue }
      let origin = sectionOrigins[after]
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
      guard let flat = flatIndex(ofMarkedItem: identifier), !origins[flat].isFresh else {
        continue
      }
      throw BatchUpdateError(
        rule: .reloadMarkIgnored,
        message: "item identifier \(BatchUpdateSimulator.describe(identifier: identifier)) is "
          + "marked for reload in the new snapshot, but the batch keeps its cell "
          + "(\(cellOrigin(origins[flat])), at "
          + "\(BatchUpdateSimulator.describe(newPath(ofFlat: flat))) after the update): "
          + "reload it, or delete and insert it when it also moves")
    }
    for identifier in new.reconfiguredItemIdentifiers {
      guard let flat = flatIndex(ofMarkedItem: identifier),
        !origins[flat].isFresh, !reconfigured.contains(flat)
      else { continue }
      throw BatchUpdateError(
        rule: .reconfigureMarkIgnored,
        message: "item identifier \(BatchUpdateSimulator.describe(identifier: identifier)) is "
          + "marked for reconfigure in the new snapshot, but the batch neither reconfigures nor "
          + "replaces its cell (\(cellOrigin(origins[flat]))): reconfigure "
          + "\(BatchUpdateSimulator.describe(newPath(ofFlat: flat))) (reconfigures name index "
          + "paths after the update)")
    }
  }

  /// The flattened new index of a marked item that exists before and after the update; nil
  /// otherwise, since a mark on an item that only exists after it asks for nothing beyond
  /// its insert.
  private func flatIndex(ofMarkedItem identifier: I) -> Int? {
    guard old.contains(item: identifier), let path = new.indexPath(ofItem: identifier) else {
      return nil
    }
    return newStarts[path[0]] + path[1]
  }

  /// The public form of a cell's origin, with index paths before the update.
  func cellOrigin(_ origin: FlatCellOrigin) -> BatchUpdateSimulator.CellOrigin {
    switch origin.kind {
    case .kept: .kept(from: oldPath(ofFlat: origin.from))
    case .moved: .moved(from: oldPath(ofFlat: origin.from))
    case .inserted: .inserted
    case .reloaded: .reloaded(from: oldPath(ofFlat: origin.from))
    case .inFreshSection: .inFreshSection
    }
  }

  /// The sections and cells after the update, for ``BatchUpdateReplay``.
  func buildSections(
    _ origins: [FlatCellOrigin], reconfigured: Set<Int>
  ) -> [Replay.Section] {
    var sections: [Replay.Section] = []
    sections.reserveCapacity(newSections.count)
    let (oldItems, newItems) = (self.oldItems, self.newItems)
    for (section, origin) in sectionOrigins.enumerated() {
      let range = newStarts[section]..<newStarts[section + 1]
      var cells: [Cell] = []
      cells.reserveCapacity(range.count)
      switch origin {
      case .inserted, .reloaded:
        for flat in range {
          cells.append(Cell(identifier: newItems[flat], origin: .inFreshSection))
        }
      case .kept(let from), .moved(let from):
        // Kept and reloaded cells stay in the old section `from`: their paths need no search.
        let oldStart = oldStarts[from]
        for flat in range {
          var cell: Cell
          let old = origins[flat].from
          switch origins[flat].kind {
          case .kept:
            let path = BatchUpdateSimulator.makeIndexPath(section: from, item: old - oldStart)
            cell = Cell(identifier: oldItems[old], origin: .kept(from: path))
          case .reloaded:
            let path = BatchUpdateSimulator.makeIndexPath(section: from, item: old - oldStart)
            cell = Cell(identifier: newItems[flat], origin: .reloaded(from: path))
          case .moved:
            cell = Cell(identifier: oldItems[old], origin: .moved(from: oldPath(ofFlat: old)))
          case .inserted, .inFreshSection:
            cell = Cell(identifier: newItems[flat], origin: .inserted)
          }
          if !reconfigured.isEmpty, reconfigured.contains(flat) { cell.isReconfigured = true }
          cells.append(cell)
        }
      }
      // A kept or moved section shows its old identifier (equal to the new one).
      let identifier =
        switch origin {
        case .kept(let from), .moved(let from): oldSections[from]
        case .inserted, .reloaded: newSections[section]
        }
      sections.append(Replay.Section(identifier: identifier, origin: origin, cells: cells))
    }
    return sections
  }
}

extension BatchUpdateSimulator {
  /// The cells of a section that keeps its cells, at the flattened new positions `range`:
  /// inserts and move destinations take their positions, and the surviving and reloaded
  /// cells of the old section at the flattened old positions `oldRange` fill the others in
  /// order. Runs once per item of every checked batch.
  ///
  /// The count check before it guarantees exactly one staying old cell per free position.
  /// The reads here are not bounds-checked, so the ranges are checked once, and the walk
  /// through the old section stops with a message rather than take a cell from the next
  /// section (two positions would then carry one cell).
  static func placeCellsOfKeptSection(
    at range: Range<Int>, from oldRange: Range<Int>, oldRoles: UnsafeBufferPointer<OldRole>,
    newRoles: UnsafeBufferPointer<NewRole>, into origins: UnsafeMutableBufferPointer<FlatCellOrigin>
  ) {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= Swift.min(newRoles.count, origins.count)
        && oldRange.lowerBound >= 0 && oldRange.upperBound <= oldRoles.count,
      "BatchUpdateSimulator: section ranges \(range) and \(oldRange) outside the items")
    var next = oldRange.lowerBound
    for flat in range {
      switch newRoles[flat] {
      case .inserted:
        origins[flat] = .inserted
      case .movedIn(let source):
        origins[flat] = .moved(from: source)
      case .free:
        while true {
          precondition(
            next < oldRange.upperBound,
            "BatchUpdateSimulator: more free positions than staying cells in old items "
              + "\(oldRange)")
          if oldRoles[next].staysInPlace { break }
          next &+= 1
        }
        if case .reloaded = oldRoles[next] {
          origins[flat] = .reloaded(from: next)
        } else {
          origins[flat] = .kept(from: next)
        }
        next &+= 1
      }
    }
  }
}
