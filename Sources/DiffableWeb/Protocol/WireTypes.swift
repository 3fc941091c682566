import DiffableDataSource
import Foundation

/// An index path on the wire: `[section, item]`.
public struct WireIndexPath: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The section index.
  public var section: Int
  /// The item index within the section.
  public var item: Int

  /// Creates a wire index path.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Converts a two-index `IndexPath`.
  public init(_ indexPath: IndexPath) {
    self.init(section: indexPath[0], item: indexPath[1])
  }

  /// Converts a batch's item position, making no `IndexPath`.
  public init(_ position: BatchUpdate.ItemPosition) {
    self.init(section: position.section, item: position.item)
  }

  /// The Foundation index path.
  public var indexPath: IndexPath { IndexPath(indexes: [section, item]) }

  /// Decodes `[section, item]`; anything else throws.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    section = try container.decode(Int.self)
    item = try container.decode(Int.self)
    guard container.isAtEnd else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "An index path has exactly two integers")
    }
  }

  /// Encodes `[section, item]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(section)
    try container.encode(item)
  }

  /// `[section, item]`.
  public var description: String { "[\(section), \(item)]" }
}

/// A `BatchUpdate` on the wire (index paths as arrays).
public struct WireBatch: Hashable, Sendable, Codable {
  /// A section move.
  public struct SectionMove: Hashable, Sendable, Codable {
    /// Old index.
    public var from: Int
    /// New index.
    public var to: Int
  }

  /// An item move.
  public struct ItemMove: Hashable, Sendable, Codable {
    /// Old index path.
    public var from: WireIndexPath
    /// New index path.
    public var to: WireIndexPath
  }

  /// Old indexes of deleted sections.
  public var deletedSections: [Int]
  /// New indexes of inserted sections.
  public var insertedSections: [Int]
  /// Old indexes of reloaded sections.
  public var reloadedSections: [Int]
  /// Section moves.
  public var movedSections: [SectionMove]
  /// Old index paths of deleted items.
  public var deletedItems: [WireIndexPath]
  /// New index paths of inserted items.
  public var insertedItems: [WireIndexPath]
  /// Old index paths of reloaded items.
  public var reloadedItems: [WireIndexPath]
  /// Item moves.
  public var movedItems: [ItemMove]
  /// New index paths of reconfigured items, applied after the rest.
  public var reconfiguredItems: [WireIndexPath]

  /// Converts a batch.
  public init(_ update: BatchUpdate) {
    deletedSections = update.deletedSections
    insertedSections = update.insertedSections
    reloadedSections = update.reloadedSections
    movedSections = update.movedSections.map { SectionMove(from: $0.from, to: $0.to) }
    // From the batch's positions: making an `IndexPath` per row only to read its two
    // indexes back would cost more than the conversion.
    deletedItems = update.deletedItems.positions.map(WireIndexPath.init)
    insertedItems = update.insertedItems.positions.map(WireIndexPath.init)
    reloadedItems = update.reloadedItems.positions.map(WireIndexPath.init)
    movedItems = update.movedItems.map {
      ItemMove(from: WireIndexPath($0.fromPosition), to: WireIndexPath($0.toPosition))
    }
    reconfiguredItems = update.reconfiguredItems.positions.map(WireIndexPath.init)
  }
}

/// One row's content on the wire.
public struct WireCell: Hashable, Codable {
  /// The item identifier's description (the page's `data-item-id`).
  public var id: String
  /// What the row shows.
  public var content: ListContentConfiguration?
  /// The row's accessories.
  public var accessories: [CellAccessory]
  /// Whether the row is selected.
  public var selected: Bool
  /// Outline state, in outline sections.
  public var outline: Outline?
  /// Swipe actions, when the section offers them for this row.
  public var swipe: Swipe?
  /// A custom content the page draws with the renderer registered under its name, in
  /// place of `content`.
  public var custom: Custom?

  /// A `CustomContentConfiguration` on the wire: the renderer's name and the
  /// configuration as JSON.
  public struct Custom: Hashable, Sendable, Codable {
    /// The longest renderer name the page accepts, in UTF-16 code units (JavaScript's
    /// `length`).
    public static let maximumRendererNameLength = 64
    /// The name the page registered the renderer under.
    public var renderer: String
    /// The configuration, encoded.
    public var payload: JSONValue
    /// What assistive technology reads when the renderer gives no label.
    public var accessibilityText: String?
  }

  /// Outline state on the wire.
  public struct Outline: Hashable, Sendable, Codable {
    /// Depth; roots are 0.
    public var level: Int
    /// Whether the row shows a disclosure.
    public var hasChildren: Bool
    /// Whether it is expanded.
    public var isExpanded: Bool
  }

  /// The swipe actions of both edges.
  public struct Swipe: Hashable, Sendable, Codable {
    /// Actions on the leading edge.
    public var leading: SwipeActionsDescription?
    /// Actions on the trailing edge.
    public var trailing: SwipeActionsDescription?
  }
}

/// A section's shape on the wire.
public struct WireSection: Hashable, Codable {
  /// The section identifier's description.
  public var id: String
  /// Its number of rows.
  public var count: Int
  /// How the page lays it out.
  public var layout: SectionLayoutDescription
  /// Its header, when it has one.
  public var header: WireCell?
}

/// A row's content at an index path.
public struct WirePlacedCell: Hashable, Codable {
  /// Where the row is.
  public var indexPath: WireIndexPath
  /// What it shows.
  public var cell: WireCell
}

/// A range of rows of one section: `start..<end`.
public struct WireRange: Hashable, Sendable, Codable {
  /// The section index.
  public var section: Int
  /// The first row.
  public var start: Int
  /// One past the last row.
  public var end: Int

  /// Creates a range.
  public init(section: Int, start: Int, end: Int) {
    self.section = section
    self.start = start
    self.end = end
  }
}

extension WireCell {
  /// Describes a cell for the page: a ``ListContentConfiguration`` travels as `content`, a
  /// ``CustomContentConfiguration`` as `custom`; any other configuration shows nothing.
  init(
    id: String, configuration: (any ContentConfiguration)?, accessories: [CellAccessory],
    selected: Bool, outline: Outline?, swipe: Swipe?
  ) {
    self.init(
      id: id, content: configuration as? ListContentConfiguration, accessories: accessories,
      selected: selected, outline: outline, swipe: swipe,
      custom: (configuration as? any CustomContentConfiguration).map(Custom.init))
  }
}

extension WireCell.Custom {
  /// Encodes a custom configuration. One that cannot be encoded (a failing `encode(to:)`)
  /// travels as `null`, and the page's renderer receives `null`.
  init(_ configuration: any CustomContentConfiguration) {
    let name = type(of: configuration).rendererName
    // The page refuses a whole message whose renderer name breaks the limit: stop here,
    // where the type that named it is known.
    precondition(
      (1...Self.maximumRendererNameLength).contains(name.utf16.count),
      "WebListView: \(type(of: configuration)).rendererName \"\(name.prefix(80))\" must be 1 to "
        + "\(Self.maximumRendererNameLength) UTF-16 code units, as the page's registerContentRenderer allows"
    )
    renderer = name
    accessibilityText = configuration.accessibilityText
    payload =
      (try? JSONEncoder().encode(configuration)).flatMap {
        try? JSONDecoder().decode(JSONValue.self, from: $0)
      } ?? .null
  }
}
