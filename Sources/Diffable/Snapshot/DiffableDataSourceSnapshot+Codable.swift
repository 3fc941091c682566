import OrderedCollections

extension DiffableDataSourceSnapshot: Encodable
where SectionIdentifierType: Encodable, ItemIdentifierType: Encodable {
  /// Encodes the sections with their items, and any marks.
  ///
  /// The form is `{"sections": [{"identifier": …, "items": […]}, …]}`, plus
  /// `reloadedItems`, `reconfiguredItems` and `reloadedSections` arrays when marks exist.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    var sections = container.nestedUnkeyedContainer(forKey: .sections)
    for index in _sections.indices {
      var section = sections.nestedContainer(keyedBy: _SectionCodingKeys.self)
      try section.encode(_sections[index], forKey: .identifier)
      try section.encode(_items.elements(in: _sectionRange(index)), forKey: .items)
    }
    if !_reloadedItems.isEmpty {
      try container.encode(_reloadedItems.elements, forKey: .reloadedItems)
    }
    if !_reconfiguredItems.isEmpty {
      try container.encode(_reconfiguredItems.elements, forKey: .reconfiguredItems)
    }
    if !_reloadedSections.isEmpty {
      try container.encode(_reloadedSections.elements, forKey: .reloadedSections)
    }
  }
}

extension DiffableDataSourceSnapshot: Decodable
where SectionIdentifierType: Decodable, ItemIdentifierType: Decodable {
  /// Decodes a snapshot written by ``encode(to:)``.
  ///
  /// Decoded data is untrusted: a duplicate section or item, or a mark that names an absent
  /// identifier, throws a `DecodingError.dataCorrupted` naming it, instead of stopping.
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: _CodingKeys.self)
    var sections = try container.nestedUnkeyedContainer(forKey: .sections)
    while !sections.isAtEnd {
      let section = try sections.nestedContainer(keyedBy: _SectionCodingKeys.self)
      let identifier = try section.decode(SectionIdentifierType.self, forKey: .identifier)
      guard _sections.append(identifier).inserted else {
        throw DecodingError.dataCorruptedError(
          forKey: .identifier, in: section,
          debugDescription: "Duplicate section identifier \(identifier)")
      }
      let items = try section.decode([ItemIdentifierType].self, forKey: .items)
      for item in items where !_items.append(item).inserted {
        throw DecodingError.dataCorruptedError(
          forKey: .items, in: section,
          debugDescription: "Duplicate item identifier \(item) (in section \(identifier))")
      }
      _sectionEnds.append(_items.count)
    }
    let reloaded = try container.decodeIfPresent([ItemIdentifierType].self, forKey: .reloadedItems)
    for item in reloaded ?? [] where !_items.contains(item) {
      throw DecodingError.dataCorruptedError(
        forKey: .reloadedItems, in: container,
        debugDescription: "Reload mark on item identifier \(item), which is not in the snapshot")
    }
    let reconfigured = try container.decodeIfPresent(
      [ItemIdentifierType].self, forKey: .reconfiguredItems)
    for item in reconfigured ?? [] where !_items.contains(item) {
      throw DecodingError.dataCorruptedError(
        forKey: .reconfiguredItems, in: container,
        debugDescription:
          "Reconfigure mark on item identifier \(item), which is not in the snapshot")
    }
    let reloadedSections = try container.decodeIfPresent(
      [SectionIdentifierType].self, forKey: .reloadedSections)
    for section in reloadedSections ?? [] where !_sections.contains(section) {
      throw DecodingError.dataCorruptedError(
        forKey: .reloadedSections, in: container,
        debugDescription:
          "Reload mark on section identifier \(section), which is not in the snapshot")
    }
    _reloadedItems = OrderedSet(reloaded ?? [])
    _reconfiguredItems = OrderedSet(reconfigured ?? [])
    _reloadedSections = OrderedSet(reloadedSections ?? [])
    _checkInvariants()
  }
}

@usableFromInline
internal enum _CodingKeys: String, CodingKey {
  case sections, reloadedItems, reconfiguredItems, reloadedSections
}

@usableFromInline
internal enum _SectionCodingKeys: String, CodingKey {
  case identifier, items
}
