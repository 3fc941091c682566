import DiffableDataSource
import Foundation

// The page's messages for this view. Each is checked against the current state first; a
// refused message changes nothing and gets an error reply.
extension WebListView {
  func handle(_ message: ClientMessage) throws(WireError) {
    switch message {
    case .window(_, let seq, let ranges):
      try requireCurrent(seq, "window")
      let merged = Self.clippedAndMerged(ranges, counts: numberOfItemsBySection())
      let rows = merged.reduce(0) { $0 + ($1.end - $1.start) }
      guard rows <= ClientMessage.maximumWindowRows else {
        throw WireError.invalidField(
          "ranges",
          "at most \(ClientMessage.maximumWindowRows) distinct rows (these cover \(rows))",
          tooLarge: true, inReplyTo: "window")
      }
      window = merged
      evictCellsOutsideWindow()

    case .cells(_, let seq, let indexPaths):
      try requireCurrent(seq, "cells")
      let counts = numberOfItemsBySection()
      for path in indexPaths where !isValid(path, counts: counts) {
        throw WireError(.outOfRange, "no row at \(path)", inReplyTo: "cells")
      }
      let cells = indexPaths.map { WirePlacedCell(indexPath: $0, cell: pullCell(at: $0)) }
      send(.cells(view: name, seq: seq, cells: cells))
      // A page may ask for rows outside its window (about to scroll there); the cells kept
      // for reconfigures stay bounded all the same.
      if liveCells.count > ClientMessage.maximumWindowRows { evictCellsOutsideWindow() }
      shedLiveCellsOverShare()

    case .select(_, let seq, let path):
      try requireRow(path, seq, "select")
      let previous = selectedItem
      selectedItem = dataSource?.listView(self, identifierForItemAt: path.indexPath)
      restyleAfterSelection([previous, selectedItem])
      delegate?.listView(self, didSelectItemAt: path.indexPath)

    case .setExpanded(_, let seq, let path, let expanded):
      try requireRow(path, seq, "setExpanded")
      // A disclosure with a handler of its own runs it instead, as in UIKit.
      if let handler = liveCell(at: path)?.accessories.first(where: {
        if case .outlineDisclosure = $0.kind { !$0.isHidden } else { false }
      })?.actionHandler {
        handler()
        return
      }
      // A veto is not an error: nothing changes, and no batch follows.
      dataSource?.listView(self, setExpanded: expanded, forItemAt: path.indexPath)

    case .accessory(_, let seq, let path, let kind):
      try requireRow(path, seq, "accessory")
      guard let cell = liveCell(at: path),
        let accessory = cell.accessories.first(where: { Self.kindName($0.kind) == kind })
      else {
        throw WireError(
          .refused, "the row at \(path) shows no \(kind) accessory", inReplyTo: "accessory")
      }
      delegate?.listView(self, didActivateAccessory: accessory, forItemAt: path.indexPath)
      accessory.actionHandler?()

    case .swipe(_, let seq, let path, let edge, let action):
      try requireRow(path, seq, "swipe")
      guard
        let configuration = listConfiguration(forSection: path.section)?
          .swipeActionsConfiguration(for: edge, at: path.indexPath),
        configuration.action(withIdentifier: action) != nil
      else {
        throw WireError(
          .refused, "the row at \(path) offers no \(edge) action \"\(action)\"",
          inReplyTo: "swipe")
      }
      configuration.performAction(withIdentifier: action) { _ in }

    case .reorder(_, let seq, let from, let to):
      try requireRow(from, seq, "reorder")
      var counts = numberOfItemsBySection()
      counts[from.section] -= 1
      guard counts.indices.contains(to.section), to.item >= 0, to.item <= counts[to.section]
      else {
        throw WireError(.outOfRange, "no place at \(to) after the move", inReplyTo: "reorder")
      }
      guard let dataSource, dataSource.listView(self, canMoveItemAt: from.indexPath) else {
        throw WireError(.refused, "the row at \(from) cannot move", inReplyTo: "reorder")
      }
      dataSource.listView(self, moveItemAt: from.indexPath, to: to.indexPath)

    case .ack(_, let seq):
      // An ack can cross the next batch on the wire: any seq already sent is fine.
      guard seq <= self.seq, seq >= 0 else {
        throw WireError(.stale, "seq \(seq) was never sent (current \(self.seq))", inReplyTo: "ack")
      }
      acknowledgedSeq = max(acknowledgedSeq, seq)
      acknowledgeForResume(seq)

    case .mismatch(_, let seq, let reason):
      // The page lost track: start it again from the full structure.
      // Kept for diagnostics only: the newest few, each clipped, so that a page cannot
      // grow the session (32 reasons of 4,096 bytes were 128 KiB per view).
      mismatches.append("seq \(seq): \(Self.clipped(reason))")
      if mismatches.count > Self.retainedMismatches {
        mismatches.removeFirst(mismatches.count - Self.retainedMismatches)
      }
      reloadData()

    case .app:
      break
    }
  }

  func requireCurrent(_ seq: Int, _ type: String) throws(WireError) {
    guard seq == self.seq else {
      throw WireError(.stale, "seq \(seq) is not the current \(self.seq)", inReplyTo: type)
    }
  }

  func requireRow(_ path: WireIndexPath, _ seq: Int, _ type: String) throws(WireError) {
    try requireCurrent(seq, type)
    guard isValid(path, counts: numberOfItemsBySection()) else {
      throw WireError(.outOfRange, "no row at \(path)", inReplyTo: type)
    }
  }

  /// How many mismatch reasons ``mismatches`` keeps.
  static let retainedMismatches = 32
  /// How many bytes of each reason ``mismatches`` keeps.
  static let retainedMismatchBytes = 256

  /// `reason`'s first ``retainedMismatchBytes`` bytes, cut between characters' scalars,
  /// with "…" when some were cut.
  static func clipped(_ reason: String) -> String {
    let utf8 = reason.utf8
    guard utf8.count > retainedMismatchBytes else { return reason }
    var end = utf8.index(utf8.startIndex, offsetBy: retainedMismatchBytes)
    while end.samePosition(in: reason.unicodeScalars) == nil { end = utf8.index(before: end) }
    return String(reason[..<end]) + "…"
  }

  /// The ranges clipped to the sections' rows, sorted and with overlapping or touching
  /// ranges of a section merged: the rows they cover, each once.
  ///
  /// - Complexity: O(*r* log *r*) for *r* ranges; independent of how many rows they span.
  static func clippedAndMerged(_ ranges: [WireRange], counts: [Int]) -> [WireRange] {
    let clipped = ranges.compactMap { range -> WireRange? in
      guard counts.indices.contains(range.section) else { return nil }
      let start = max(0, range.start)
      let end = min(counts[range.section], range.end)
      return start < end ? WireRange(section: range.section, start: start, end: end) : nil
    }.sorted { ($0.section, $0.start) < ($1.section, $1.start) }
    var merged: [WireRange] = []
    for range in clipped {
      if let last = merged.last, last.section == range.section, range.start <= last.end {
        merged[merged.count - 1].end = max(last.end, range.end)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// Gives cells back when the view keeps more than its share of an overdrawn budget:
  /// those of rows outside the window first, then any beyond the share. A row without its
  /// cell gets a new one from the provider when one is needed (a reconfigure, an accessory
  /// or disclosure the page activates: ``liveCell(at:)``). Called once per message that
  /// makes cells, not per cell: evicting walks the window.
  func shedLiveCellsOverShare() {
    guard cellsOverShare else { return }
    evictCellsOutsideWindow()
    guard cellsOverShare, let share = cellClaim?.budget.share else { return }
    var kept: [ListIdentifier: ListCell] = [:]
    for (item, cell) in liveCells where kept.count < share { kept[item] = cell }
    liveCells = kept
    hasShedCells = true
  }

  /// Keeps only the cells of rows in the window, so memory follows the page, not the list.
  func evictCellsOutsideWindow() {
    guard let dataSource else { return }
    var kept: [ListIdentifier: ListCell] = [:]
    // The window is the page's last report, which can predate batches that removed its
    // last rows: asking the data source for a row past a section's end traps.
    for range in Self.clippedAndMerged(window, counts: numberOfItemsBySection()) {
      for item in range.start..<range.end {
        let id = dataSource.listView(
          self, identifierForItemAt: IndexPath(indexes: [range.section, item]))
        if let cell = liveCells[id] { kept[id] = cell }
      }
    }
    liveCells = kept
  }

  /// The wire name of an accessory kind, as the page sends it back.
  static func kindName(_ kind: CellAccessory.Kind) -> String {
    switch kind {
    case .disclosureIndicator: "disclosureIndicator"
    case .outlineDisclosure: "outlineDisclosure"
    case .checkmark: "checkmark"
    case .delete: "delete"
    case .insert: "insert"
    case .reorder: "reorder"
    case .detail: "detail"
    case .label: "label"
    case .symbol: "symbol"
    }
  }
}
