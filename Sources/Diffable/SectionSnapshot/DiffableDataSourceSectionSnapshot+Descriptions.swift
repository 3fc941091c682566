import OrderedCollections

extension DiffableDataSourceSectionSnapshot: CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// A one-line summary with the outline in brackets: each item, a `+` before the expanded
  /// ones, and its children in brackets after it.
  ///
  ///     DiffableDataSourceSectionSnapshot(4 items, 3 visible) [+A [B, C], D]
  ///
  /// Long outlines are cut after 100 items, with the number left out.
  public var description: String {
    var text =
      "DiffableDataSourceSectionSnapshot(\(_items.count) items, \(_visibleItems.count) visible) ["
    let limit = Swift.min(_items.count, 100)
    var previousLevel: Int32 = 0
    for position in 0..<limit {
      let level = _levels[position]
      if position > 0 {
        if level > previousLevel {
          text += " ["
        } else {
          text += String(repeating: "]", count: Int(previousLevel &- level)) + ", "
        }
      }
      if _flags[position] & _SectionSnapshotFlag.expanded != 0 { text += "+" }
      text += "\(_items[position])"
      previousLevel = level
    }
    if limit < _items.count {
      text += ", …"
    }
    text += String(repeating: "]", count: Int(previousLevel)) + "]"
    if limit < _items.count { text += " (\(_items.count &- limit) more items)" }
    return text
  }

  /// The same text as ``description``.
  public var debugDescription: String { description }

  /// A multi-line dump of the outline, one item per line, indented by level.
  ///
  /// Each line starts with `+` for an expanded item or `-` for a collapsed one, and ends
  /// with `*` when the item is visible:
  ///
  ///     DiffableDataSourceSectionSnapshot: 4 items, 3 visible
  ///     + A *
  ///       - B *
  ///       - C *
  ///     - D *
  ///
  /// - Complexity: O(*n*) for *n* items.
  public func visualDescription() -> String {
    var text =
      "DiffableDataSourceSectionSnapshot: \(_items.count) items, \(_visibleItems.count) visible"
    for position in _items.indices {
      text += "\n"
      text += String(repeating: "  ", count: Int(_levels[position]))
      let flag = _flags[position]
      text += flag & _SectionSnapshotFlag.expanded != 0 ? "+ " : "- "
      text += "\(_items[position])"
      if flag & _SectionSnapshotFlag.visible != 0 { text += " *" }
    }
    return text
  }
}
