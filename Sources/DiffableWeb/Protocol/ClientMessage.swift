import DiffableDataSource
import Foundation

/// A message from the page, decoded and checked for shape (not yet against state).
///
/// Decoding never traps: any problem becomes a ``WireError`` that the server sends back.
public enum ClientMessage: Sendable, Hashable {
  /// The rows the page shows.
  case window(view: String, seq: Int, ranges: [WireRange])
  /// A request for the contents of rows.
  case cells(view: String, seq: Int, indexPaths: [WireIndexPath])
  /// A selection.
  case select(view: String, seq: Int, indexPath: WireIndexPath)
  /// An outline disclosure.
  case setExpanded(view: String, seq: Int, indexPath: WireIndexPath, expanded: Bool)
  /// An accessory activation.
  case accessory(view: String, seq: Int, indexPath: WireIndexPath, kind: String)
  /// A swipe action.
  case swipe(
    view: String, seq: Int, indexPath: WireIndexPath, edge: ListLayoutConfiguration.SwipeEdge,
    action: String)
  /// A drag to reorder.
  case reorder(view: String, seq: Int, from: WireIndexPath, to: WireIndexPath)
  /// The page applied a batch.
  case ack(view: String, seq: Int)
  /// The page's state disagreed with a batch.
  case mismatch(view: String, seq: Int, reason: String)
  /// A message for the app.
  case app(name: String, payload: JSONValue)

  /// The protocol version this code speaks.
  public static let version = 1
  /// The largest message accepted, in bytes.
  public static let maximumSize = 1 << 20
  /// The most rows one `cells` request may ask for.
  public static let maximumCellsPerRequest = 1_000
  /// The most ranges one `window` message may list (the page sends one per section).
  public static let maximumWindowRanges = 1_000
  /// The most rows a window may cover once its ranges are clipped and merged: the cells
  /// of these rows are what a session keeps, and what each batch checks.
  public static let maximumWindowRows = 10_000
  /// The largest number any integer field may hold (`seq`, sections, rows).
  public static let maximumInteger = Int(Int32.max)
  /// The longest view name, accessory kind, swipe action or app message name, in bytes.
  public static let maximumNameLength = 256
  /// The longest `mismatch` reason, in bytes.
  public static let maximumReasonLength = 4_096

  /// The `seq` a list-view message carries.
  public var seq: Int? {
    switch self {
    case .window(_, let seq, _), .cells(_, let seq, _), .select(_, let seq, _),
      .setExpanded(_, let seq, _, _), .accessory(_, let seq, _, _),
      .swipe(_, let seq, _, _, _), .reorder(_, let seq, _, _), .ack(_, let seq),
      .mismatch(_, let seq, _):
      seq
    case .app:
      nil
    }
  }

  /// The message's `type` field, for error replies.
  public var type: String {
    switch self {
    case .window: "window"
    case .cells: "cells"
    case .select: "select"
    case .setExpanded: "setExpanded"
    case .accessory: "accessory"
    case .swipe: "swipe"
    case .reorder: "reorder"
    case .ack: "ack"
    case .mismatch: "mismatch"
    case .app: "app"
    }
  }

  /// Decodes one text frame.
  ///
  /// The frame is parsed once into a ``JSONValue``; every number is read through
  /// ``JSONValue/integer(field:in:)``, the conversion apps use for their payloads, so it is
  /// range-checked before it becomes an `Int`, and a refusal names the field (`"seq"`,
  /// `"indexPath[1]"`, `"ranges[3].end"`). Names are limited in bytes.
  ///
  /// - Complexity: O(*n*) in the message's size.
  public static func decode(_ text: String) -> Result<ClientMessage, WireError> {
    guard text.utf8.count <= maximumSize else {
      return .failure(WireError(.tooLarge, "the message is over \(maximumSize) bytes"))
    }
    let object: JSONValue
    let type: String
    do {
      object = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
      guard case .object = object, case .string(let name)? = object["type"],
        case .number? = object["v"]
      else { throw WireError(.malformed, "") }
      type = name
    } catch {
      return .failure(WireError(.malformed, "not a message object with \"v\" and \"type\""))
    }
    guard object["v"] == .number(Double(version)) else {
      let shown = object["v"].flatMap { try? $0.integer(field: "v", in: Int.min...Int.max) }
      return .failure(
        WireError(
          .version,
          "protocol version \(shown.map(String.init) ?? "?") is not supported (this server speaks 1)",
          inReplyTo: clipped(type)))
    }
    do {
      return .success(try decodeBody(of: type, Fields(object)))
    } catch {
      var error = error
      error.inReplyTo = clipped(type)
      return .failure(error)
    }
  }

  private static func decodeBody(of type: String, _ fields: Fields) throws(WireError)
    -> ClientMessage
  {
    switch type {
    case "window":
      let (view, seq) = try fields.viewAndSeq()
      let ranges = try fields.array("ranges", maximumCount: maximumWindowRanges).enumerated()
        .map { (index, value) throws(WireError) in
          try Fields(value, "ranges[\(index)]").range()
        }
      return .window(view: view, seq: seq, ranges: ranges)
    case "cells":
      let (view, seq) = try fields.viewAndSeq()
      let paths = try fields.array("indexPaths", maximumCount: maximumCellsPerRequest)
        .enumerated().map { (index, value) throws(WireError) in
          try Fields.path(value, "indexPaths[\(index)]")
        }
      return .cells(view: view, seq: seq, indexPaths: paths)
    case "select":
      let (view, seq) = try fields.viewAndSeq()
      return .select(view: view, seq: seq, indexPath: try fields.path("indexPath"))
    case "setExpanded":
      let (view, seq) = try fields.viewAndSeq()
      return .setExpanded(
        view: view, seq: seq, indexPath: try fields.path("indexPath"),
        expanded: try fields.object.bool("expanded"))
    case "accessory":
      let (view, seq) = try fields.viewAndSeq()
      return .accessory(
        view: view, seq: seq, indexPath: try fields.path("indexPath"), kind: try fields.name("kind")
      )
    case "swipe":
      let (view, seq) = try fields.viewAndSeq()
      let path = try fields.path("indexPath")
      guard let edge = ListLayoutConfiguration.SwipeEdge(rawValue: try fields.name("edge")) else {
        throw .invalidField("edge", "\"leading\" or \"trailing\"")
      }
      return .swipe(
        view: view, seq: seq, indexPath: path, edge: edge, action: try fields.name("action"))
    case "reorder":
      let (view, seq) = try fields.viewAndSeq()
      return .reorder(
        view: view, seq: seq, from: try fields.path("from"), to: try fields.path("to"))
    case "ack":
      let (view, seq) = try fields.viewAndSeq()
      return .ack(view: view, seq: seq)
    case "mismatch":
      let (view, seq) = try fields.viewAndSeq()
      return .mismatch(
        view: view, seq: seq, reason: try fields.name("reason", maximumBytes: maximumReasonLength))
    case "app":
      return .app(name: try fields.name("name"), payload: fields.object["payload"] ?? .null)
    default:
      throw WireError(
        .unknownType, "unknown message type \"\(clipped(type))\"")
    }
  }

  /// At most ``maximumNameLength`` bytes of a name the page sent, for replies and logs
  /// (bytes, not characters: one character can carry any number of combining marks).
  static func clipped(_ name: String) -> String {
    String(decoding: name.utf8.prefix(maximumNameLength), as: UTF8.self)
  }

  /// The fields of one object of a message, read with their path for error replies.
  private struct Fields {
    let object: JSONValue
    let prefix: String

    init(_ object: JSONValue, _ path: String = "") {
      self.object = object
      self.prefix = path.isEmpty ? "" : path + "."
    }

    func value(_ key: String) throws(WireError) -> JSONValue {
      guard case .object = object else {
        throw .invalidField(String(prefix.dropLast()), "an object")
      }
      guard let value = object[key], value != .null else {
        throw .invalidField(prefix + key, "present")
      }
      return value
    }

    func index(_ key: String) throws(WireError) -> Int {
      try Fields.index(try value(key), prefix + key)
    }

    static func index(_ value: JSONValue, _ field: String) throws(WireError) -> Int {
      try value.integer(field: field, in: 0...ClientMessage.maximumInteger)
    }

    /// A string field; an over-long one is refused as `tooLarge`.
    func name(_ key: String, maximumBytes: Int = ClientMessage.maximumNameLength)
      throws(WireError) -> String
    {
      guard case .string(let text) = try value(key) else {
        throw .invalidField(prefix + key, "a string")
      }
      guard text.utf8.count <= maximumBytes else {
        throw .invalidField(prefix + key, "at most \(maximumBytes) bytes", tooLarge: true)
      }
      return text
    }

    func viewAndSeq() throws(WireError) -> (String, Int) {
      (try name("view"), try index("seq"))
    }

    func array(_ key: String, maximumCount: Int) throws(WireError) -> [JSONValue] {
      guard case .array(let values) = try value(key) else {
        throw .invalidField(prefix + key, "an array")
      }
      guard values.count <= maximumCount else {
        throw .invalidField(prefix + key, "at most \(maximumCount) entries", tooLarge: true)
      }
      return values
    }

    func path(_ key: String) throws(WireError) -> WireIndexPath {
      try Fields.path(try value(key), prefix + key)
    }

    /// `[section, item]`: exactly two indexes.
    static func path(_ value: JSONValue, _ field: String) throws(WireError) -> WireIndexPath {
      guard case .array(let pair) = value, pair.count == 2 else {
        throw .invalidField(field, "[section, item]")
      }
      return WireIndexPath(
        section: try index(pair[0], field + "[0]"), item: try index(pair[1], field + "[1]"))
    }

    func range() throws(WireError) -> WireRange {
      WireRange(section: try index("section"), start: try index("start"), end: try index("end"))
    }
  }
}

/// A refusal of a page's message; the server sends it back and changes nothing.
public struct WireError: Error, Hashable, Sendable {
  /// Why the message was refused.
  public enum Code: String, Sendable, Hashable, Codable {
    /// Not JSON, or missing or wrongly typed fields.
    case malformed
    /// An unknown protocol version.
    case version
    /// An unknown message type.
    case unknownType
    /// An unknown list view name.
    case unknownView
    /// The message's `seq` is not the view's current one.
    case stale
    /// An index path that does not exist.
    case outOfRange
    /// The data source or a handler declined.
    case refused
    /// Over the size cap.
    case tooLarge
  }

  /// Why.
  public var code: Code
  /// A sentence for logs and developers.
  public var message: String
  /// The type of the refused message, when known.
  public var inReplyTo: String?
  /// The view the refused message named, when known.
  public var view: String?
  /// The `seq` the refused message carried, when known.
  public var seq: Int?
  /// The field of the message that was refused, when one was: `"seq"`, `"indexPath[1]"`,
  /// `"ranges"` or an app payload's key such as `"prepMinutes"`.
  public var field: String?

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, inReplyTo: String? = nil, view: String? = nil,
    seq: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.inReplyTo = inReplyTo
    self.view = view
    self.seq = seq
  }
}
