// `{"kind": "grid", "grid": {…}}` rather than Swift's synthesized `{"grid": {"_0": {…}}}`:
// a page switches on `kind` and reads one field, without positional keys.

extension SectionLayoutDescription: Codable {
  /// Decodes `{"kind": …, <kind>: {…}}`; an unknown kind throws
  /// `DecodingError.dataCorrupted`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SectionKey.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "list": self = .list(try container.decode(ListLayoutDescription.self, forKey: .list))
    case "grid": self = .grid(try container.decode(GridLayout.self, forKey: .grid))
    case "horizontalRow":
      self = .horizontalRow(
        try container.decode(HorizontalRowLayout.self, forKey: .horizontalRow))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "Unknown section layout kind \"\(kind)\"")
    }
  }

  /// Encodes the kind under `"kind"` and the layout under the kind's name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SectionKey.self)
    switch self {
    case .list(let description):
      try container.encode("list", forKey: .kind)
      try container.encode(description, forKey: .list)
    case .grid(let layout):
      try container.encode("grid", forKey: .kind)
      try container.encode(layout, forKey: .grid)
    case .horizontalRow(let layout):
      try container.encode("horizontalRow", forKey: .kind)
      try container.encode(layout, forKey: .horizontalRow)
    }
  }
}

private enum SectionKey: String, CodingKey {
  case kind, list, grid, horizontalRow
}
