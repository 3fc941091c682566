extension HorizontalRowLayout: Codable {
  /// Decodes a row layout, checking what the initializer checks; a value it would stop on
  /// throws `DecodingError.dataCorrupted` instead, naming the problem, since decoded data is
  /// untrusted.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: RowKey.self)
    let layout = HorizontalRowLayout(
      unchecked: try container.decode(LayoutDimension.self, forKey: .itemWidth),
      itemHeight: try container.decode(LayoutDimension.self, forKey: .itemHeight),
      interItemSpacing: try container.decode(Double.self, forKey: .interItemSpacing),
      scrollingBehavior: try container.decode(ScrollingBehavior.self, forKey: .scrollingBehavior),
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
    var container = encoder.container(keyedBy: RowKey.self)
    try container.encode(itemWidth, forKey: .itemWidth)
    try container.encode(itemHeight, forKey: .itemHeight)
    try container.encode(interItemSpacing, forKey: .interItemSpacing)
    try container.encode(scrollingBehavior, forKey: .scrollingBehavior)
    try container.encode(contentInsets, forKey: .contentInsets)
    try container.encode(hasHeader, forKey: .hasHeader)
    try container.encode(hasFooter, forKey: .hasFooter)
  }
}

private enum RowKey: String, CodingKey {
  case itemWidth, itemHeight, interItemSpacing, scrollingBehavior, contentInsets
  case hasHeader, hasFooter
}
