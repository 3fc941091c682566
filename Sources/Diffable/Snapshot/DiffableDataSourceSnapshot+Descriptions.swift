import OrderedCollections

extension DiffableDataSourceSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
  /// A readable summary: each section with its items, then the marks if there are any.
  ///
  /// Long snapshots are cut after 100 items, with the number left out.
  public var description: String {
    var text = "DiffableDataSourceSnapshot(\(numberOfSections) sections, \(numberOfItems) items)"
    var shown = 0
    let limit = 100
    text += " ["
    for section in _sections.indices {
      if section > 0 { text += ", " }
      text += "\(_sections[section]): ["
      let range = _sectionRange(section)
      for index in range {
        if shown == limit {
          text += "…"
          break
        }
        if index > range.lowerBound { text += ", " }
        text += "\(_items[index])"
        shown += 1
      }
      text += "]"
    }
    text += "]"
    if shown == limit && numberOfItems > limit { text += " (\(numberOfItems - limit) more items)" }
    if !_reloadedSections.isEmpty { text += " reloadedSections: \(_reloadedSections.elements)" }
    if !_reloadedItems.isEmpty { text += " reloadedItems: \(_reloadedItems.elements)" }
    if !_reconfiguredItems.isEmpty {
      text += " reconfiguredItems: \(_reconfiguredItems.elements)"
    }
    return text
  }

  /// The same text as ``description``.
  public var debugDescription: String { description }
}
