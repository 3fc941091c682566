extension GridLayout.Columns: Codable {
  /// Decodes `{"kind": "count", "count": 3}` or
  /// `{"kind": "adaptive", "minimumItemWidth": 160}`; an unknown kind throws
  /// `DecodingError.dataCorrupted`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ColumnsKey.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "count": self = .count(try container.decode(Int.self, forKey: .count))
    case "adaptive":
      self = .adaptive(
        minimumItemWidth: try container.decode(Double.self, forKey: .minimumItemWidth))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "Unknown grid columns kind \"\(kind)\"")
    }
  }

  /// Encodes the kind under `"kind"` and its value beside it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ColumnsKey.self)
    switch self {
    case .count(let count):
      try container.encode("count", forKey: .kind)
      try container.encode(count, forKey: .count)
    case .adaptive(let width):
      try container.encode("adaptive", forKey: .kind)
      try container.encode(width, forKey: .minimumItemWidth)
    }
  }
}

extension GridLayout: Codable {
  /// Decodes a grid layout, checking what the initializer checks; a value it would stop on
  /// throws `DecodingError.dataCorrupted` instead, naming the problem, since decoded data is
  /// untrusted.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: GridKey.self)
    let layout = GridLayout(
      unchecked: try container.decode(Columns.self, forKey: .columns),
      itemHeight: try container.decode(LayoutDimension.self, forKey: .itemHeight),
      interItemSpacing: try container.decode(Double.self, forKey: .interItemSpacing),
      lineSpacing: try container.decode(Double.self, forKey: .lineSpacing),
      contentInsets: try container.decode(DirectionalEdgeInsets.self, forKey: .contentInsets),
      hasHeader: try container.decode(Bool.self, forKey: .hasHeader),
      hasFooter: try container.decode(Bool.self, forKey: .hasFooter))
    if let problem = layout.problem {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
    }
    self = layout
  }

  /// Encodes every property under its own name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: GridKey.self)
    try container.encode(columns, forKey: .columns)
    try container.encode(itemHeight, forKey: .itemHeight)
    try container.encode(interItemSpacing, forKey: .interItemSpacing)
    try container.encode(lineSpacing, forKey: .lineSpacing)
    try container.encode(contentInsets, forKey: .contentInsets)
    try container.encode(hasHeader, forKey: .hasHeader)
    try container.encode(hasFooter, forKey: .hasFooter)
  }
}

private enum ColumnsKey: String, CodingKey {
  case kind, count, minimumItemWidth
}

private enum GridKey: String, CodingKey {
  case columns, itemHeight, interItemSpacing, lineSpacing, contentInsets, hasHeader, hasFooter
}
