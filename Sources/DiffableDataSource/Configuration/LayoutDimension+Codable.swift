extension LayoutDimension: Codable {
  /// Decodes `{"kind": "absolute", "value": 120}` (or `"estimated"`, `"fractionalWidth"`).
  ///
  /// An unknown kind throws `DecodingError.dataCorrupted`. The value is checked where the
  /// dimension is used (``GridLayout``, ``HorizontalRowLayout``), which names the property.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DimensionKey.self)
    let kind = try container.decode(String.self, forKey: .kind)
    let value = try container.decode(Double.self, forKey: .value)
    switch kind {
    case "absolute": self = .absolute(value)
    case "estimated": self = .estimated(value)
    case "fractionalWidth": self = .fractionalWidth(value)
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "Unknown layout dimension kind \"\(kind)\"")
    }
  }

  /// Encodes the kind under `"kind"` and the length under `"value"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DimensionKey.self)
    switch self {
    case .absolute(let value):
      try container.encode("absolute", forKey: .kind)
      try container.encode(value, forKey: .value)
    case .estimated(let value):
      try container.encode("estimated", forKey: .kind)
      try container.encode(value, forKey: .value)
    case .fractionalWidth(let value):
      try container.encode("fractionalWidth", forKey: .kind)
      try container.encode(value, forKey: .value)
    }
  }
}

private enum DimensionKey: String, CodingKey {
  case kind, value
}
