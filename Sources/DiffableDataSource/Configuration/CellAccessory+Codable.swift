// The kind is flattened into the accessory's object, `{"kind": "label", "text": "3", …}`,
// rather than Swift's synthesized `{"label": {"text": "3"}}`, because a page switches on a
// string field far more naturally than on an object's only key.

extension CellAccessory.Kind: Codable {
  /// Decodes a kind from its flattened form, `{"kind": "label", "text": "3"}`.
  ///
  /// An unknown `"kind"` string, or a missing value the kind needs, throws a
  /// `DecodingError`.
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder.container(keyedBy: AccessoryKey.self))
  }

  /// Encodes the kind as its case name under `"kind"` with its values beside it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AccessoryKey.self)
    try encode(into: &container)
  }

  fileprivate init(from container: KeyedDecodingContainer<AccessoryKey>) throws {
    let name = try container.decode(String.self, forKey: .kind)
    switch name {
    case "disclosureIndicator": self = .disclosureIndicator
    case "outlineDisclosure":
      self = .outlineDisclosure(
        style: try container.decode(CellAccessory.OutlineDisclosureStyle.self, forKey: .style))
    case "checkmark": self = .checkmark
    case "delete": self = .delete
    case "insert": self = .insert
    case "reorder": self = .reorder
    case "detail": self = .detail
    case "label": self = .label(text: try container.decode(String.self, forKey: .text))
    case "symbol":
      self = .symbol(
        name: try container.decode(String.self, forKey: .name),
        accessibilityLabel: try container.decodeIfPresent(String.self, forKey: .accessibilityLabel))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "Unknown cell accessory kind \"\(name)\"")
    }
  }

  fileprivate func encode(into container: inout KeyedEncodingContainer<AccessoryKey>) throws {
    switch self {
    case .disclosureIndicator: try container.encode("disclosureIndicator", forKey: .kind)
    case .outlineDisclosure(let style):
      try container.encode("outlineDisclosure", forKey: .kind)
      try container.encode(style, forKey: .style)
    case .checkmark: try container.encode("checkmark", forKey: .kind)
    case .delete: try container.encode("delete", forKey: .kind)
    case .insert: try container.encode("insert", forKey: .kind)
    case .reorder: try container.encode("reorder", forKey: .kind)
    case .detail: try container.encode("detail", forKey: .kind)
    case .label(let text):
      try container.encode("label", forKey: .kind)
      try container.encode(text, forKey: .text)
    case .symbol(let name, let accessibilityLabel):
      try container.encode("symbol", forKey: .kind)
      try container.encode(name, forKey: .name)
      try container.encodeIfPresent(accessibilityLabel, forKey: .accessibilityLabel)
    }
  }
}

extension CellAccessory: Codable {
  /// Decodes an accessory from its flattened form.
  ///
  /// Only `"kind"` (and the values it needs) is required: a missing `"displayed"` or
  /// `"placement"` takes UIKit's default for the kind, a missing `"isHidden"` is `false`, a
  /// missing `"tintColor"` is `nil`. So a page can report `{"kind": "delete"}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AccessoryKey.self)
    self.init(
      kind: try Kind(from: container),
      displayed: try container.decodeIfPresent(DisplayedState.self, forKey: .displayed),
      placement: try container.decodeIfPresent(Placement.self, forKey: .placement),
      tintColor: try container.decodeIfPresent(SemanticColor.self, forKey: .tintColor),
      isHidden: try container.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false)
  }

  /// Encodes the kind and every option; `"tintColor"` only when there is one, and
  /// `"hasActionHandler": true` only when the accessory has an ``actionHandler`` (so that a
  /// renderer skips its default for the tap; the handler itself never leaves the process).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AccessoryKey.self)
    try kind.encode(into: &container)
    try container.encode(displayed, forKey: .displayed)
    try container.encode(placement, forKey: .placement)
    try container.encodeIfPresent(tintColor, forKey: .tintColor)
    try container.encode(isHidden, forKey: .isHidden)
    if actionHandler != nil { try container.encode(true, forKey: .hasActionHandler) }
  }
}

private enum AccessoryKey: String, CodingKey {
  case kind, style, text, name, accessibilityLabel
  case displayed, placement, tintColor, isHidden, hasActionHandler
}
