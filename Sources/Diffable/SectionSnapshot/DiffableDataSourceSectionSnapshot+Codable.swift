import OrderedCollections

extension DiffableDataSourceSectionSnapshot: Encodable where ItemIdentifierType: Encodable {
  /// Encodes the outline flattened, without recursion, so that a deep outline cannot
  /// exhaust the stack of whoever decodes it.
  ///
  /// The form is `{"items": […], "levels": […], "expandedItems": […]}`: the items in
  /// pre-order, the level of each, and the expanded items in pre-order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _SectionSnapshotCodingKeys.self)
    try container.encode(_items.elements, forKey: .items)
    try container.encode(_levels.map { Int($0) }, forKey: .levels)
    try container.encode(expandedItems, forKey: .expandedItems)
  }
}

extension DiffableDataSourceSectionSnapshot: Decodable where ItemIdentifierType: Decodable {
  /// Decodes a section snapshot written by ``encode(to:)``.
  ///
  /// Decoded data is untrusted: a duplicate item, a level that does not fit an outline (the
  /// first item not at level 0, a negative level, or a level more than one deeper than the
  /// item before), mismatched lengths, or an expanded item that is absent or listed twice
  /// throws a `DecodingError.dataCorrupted` naming it, instead of stopping.
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: _SectionSnapshotCodingKeys.self)
    let items = try container.decode([ItemIdentifierType].self, forKey: .items)
    let levels = try container.decode([Int].self, forKey: .levels)
    let expanded =
      try container.decodeIfPresent([ItemIdentifierType].self, forKey: .expandedItems) ?? []
    guard levels.count == items.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .levels, in: container,
        debugDescription: "\(levels.count) levels for \(items.count) items")
    }
    guard items.count <= Int(Int32.max) else {
      throw DecodingError.dataCorruptedError(
        forKey: .items, in: container,
        debugDescription: "\(items.count) items; a section snapshot holds at most \(Int32.max)")
    }
    _items.reserveCapacity(items.count)
    _levels.reserveCapacity(items.count)
    var previous = -1
    for (item, level) in zip(items, levels) {
      guard _items.append(item).inserted else {
        throw DecodingError.dataCorruptedError(
          forKey: .items, in: container, debugDescription: "Duplicate item identifier \(item)")
      }
      guard level >= 0, level <= previous + 1 else {
        let reason =
          previous < 0
          ? "the first item must be at level 0"
          : "the item before it is at level \(previous), so it can be at most at level "
            + "\(previous + 1)"
        throw DecodingError.dataCorruptedError(
          forKey: .levels, in: container,
          debugDescription: "Item identifier \(item) has level \(level); \(reason)")
      }
      _levels.append(Int32(truncatingIfNeeded: level))
      previous = level
    }
    _flags = [UInt8](repeating: 0, count: items.count)
    for item in expanded {
      guard let position = _items.firstIndex(of: item) else {
        throw DecodingError.dataCorruptedError(
          forKey: .expandedItems, in: container,
          debugDescription: "Expanded item identifier \(item) is not in the section snapshot")
      }
      guard _flags[position] == 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .expandedItems, in: container,
          debugDescription: "Expanded item identifier \(item) is listed twice")
      }
      _flags[position] = _SectionSnapshotFlag.expanded
    }
    _rebuildDerivedState()
    _checkInvariants()
  }
}

@usableFromInline
internal enum _SectionSnapshotCodingKeys: String, CodingKey {
  case items, levels, expandedItems
}
