extension BatchUpdateReplay: CustomStringConvertible {
  /// A readable dump, one line per section, each cell with its origin; long replays are cut
  /// after 100 cells.
  ///
  ///     BatchUpdateReplay(2 sections, 3 cells)
  ///     section 0 "A" (kept from section 1): "a" (kept from item 0 in section 1), …
  ///     section 1 "B" (inserted): "x" (in a fresh section)
  public var description: String {
    let limit = 100
    var shown = 0
    var text = "BatchUpdateReplay(\(sections.count) sections, \(snapshot.numberOfItems) cells)"
    for (index, section) in sections.enumerated() {
      text += "\nsection \(index) \(String(reflecting: section.identifier)) (\(section.origin)):"
      for (position, cell) in section.cells.enumerated() {
        if shown == limit {
          text += " …"
          break
        }
        text += position == 0 ? " " : ", "
        text += "\(String(reflecting: cell.identifier)) (\(cell.origin)"
        text += cell.isReconfigured ? ", reconfigured)" : ")"
        shown += 1
      }
    }
    return text
  }
}
