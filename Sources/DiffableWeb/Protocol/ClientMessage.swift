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
  public static func decode(_ text: String) -> Result<ClientMessage, WireError> {
    guard text.utf8.count <= maximumSize else {
      return .failure(WireError(.tooLarge, "the message is over \(maximumSize) bytes"))
    }
    let data = Data(text.utf8)
    let decoder = JSONDecoder()
    let envelope: Envelope
    do {
      envelope = try decoder.decode(Envelope.self, from: data)
    } catch {
      return .failure(WireError(.malformed, "not a message object with \"v\" and \"type\""))
    }
    guard envelope.v == version else {
      return .failure(
        WireError(
          .version, "protocol version \(envelope.v) is not supported (this server speaks 1)",
          inReplyTo: envelope.type))
    }
    do {
      switch envelope.type {
      case "window":
        let body = try decoder.decode(WindowBody.self, from: data)
        try checkCommon(body.view, body.seq)
        guard body.ranges.count <= maximumWindowRanges else {
          throw WireError.invalidField(
            "ranges", "at most \(maximumWindowRanges) ranges", tooLarge: true)
        }
        for (index, range) in body.ranges.enumerated() {
          try checkIndex(range.section, "ranges[\(index)].section")
          try checkIndex(range.start, "ranges[\(index)].start")
          try checkIndex(range.end, "ranges[\(index)].end")
        }
        return .success(.window(view: body.view, seq: body.seq, ranges: body.ranges))
      case "cells":
        let body = try decoder.decode(CellsBody.self, from: data)
        try checkCommon(body.view, body.seq)
        guard body.indexPaths.count <= maximumCellsPerRequest else {
          throw WireError.invalidField(
            "indexPaths", "at most \(maximumCellsPerRequest) index paths", tooLarge: true)
        }
        for (index, path) in body.indexPaths.enumerated() {
          try checkPath(path, "indexPaths[\(index)]")
        }
        return .success(.cells(view: body.view, seq: body.seq, indexPaths: body.indexPaths))
      case "select":
        let body = try decoder.decode(PathBody.self, from: data)
        try checkCommon(body.view, body.seq)
        try checkPath(body.indexPath, "indexPath")
        return .success(.select(view: body.view, seq: body.seq, indexPath: body.indexPath))
      case "setExpanded":
        let body = try decoder.decode(ExpandBody.self, from: data)
        try checkCommon(body.view, body.seq)
        try checkPath(body.indexPath, "indexPath")
        return .success(
          .setExpanded(
            view: body.view, seq: body.seq, indexPath: body.indexPath, expanded: body.expanded))
      case "accessory":
        let body = try decoder.decode(AccessoryBody.self, from: data)
        try checkCommon(body.view, body.seq)
        try checkPath(body.indexPath, "indexPath")
        try checkName(body.kind, "kind")
        return .success(
          .accessory(view: body.view, seq: body.seq, indexPath: body.indexPath, kind: body.kind))
      case "swipe":
        let body = try decoder.decode(SwipeBody.self, from: data)
        try checkCommon(body.view, body.seq)
        try checkPath(body.indexPath, "indexPath")
        try checkName(body.action, "action")
        return .success(
          .swipe(
            view: body.view, seq: body.seq, indexPath: body.indexPath, edge: body.edge,
            action: body.action))
      case "reorder":
        let body = try decoder.decode(ReorderBody.self, from: data)
        try checkCommon(body.view, body.seq)
        try checkPath(body.from, "from")
        try checkPath(body.to, "to")
        return .success(.reorder(view: body.view, seq: body.seq, from: body.from, to: body.to))
      case "ack":
        let body = try decoder.decode(SeqBody.self, from: data)
        try checkCommon(body.view, body.seq)
        return .success(.ack(view: body.view, seq: body.seq))
      case "mismatch":
        let body = try decoder.decode(MismatchBody.self, from: data)
        try checkCommon(body.view, body.seq)
        guard body.reason.utf8.count <= maximumReasonLength else {
          throw WireError.invalidField(
            "reason", "at most \(maximumReasonLength) bytes", tooLarge: true)
        }
        return .success(.mismatch(view: body.view, seq: body.seq, reason: body.reason))
      case "app":
        let body = try decoder.decode(AppBody.self, from: data)
        try checkName(body.name, "name")
        return .success(.app(name: body.name, payload: body.payload ?? .null))
      default:
        return .failure(
          WireError(
            .unknownType, "unknown message type \"\(envelope.type)\"", inReplyTo: envelope.type))
      }
    } catch let error as WireError {
      var error = error
      error.inReplyTo = envelope.type
      return .failure(error)
    } catch {
      var refusal = WireError(
        .malformed, "a \"\(envelope.type)\" message is missing fields or has wrong types",
        inReplyTo: envelope.type)
      if let field = (error as? DecodingError).flatMap(Self.field(of:)) {
        refusal.message += ": \(field)"
        refusal.field = field
      }
      return .failure(refusal)
    }
  }

  /// The path of the field a decoding error is about, as `indexPath[1]` or `ranges[3].end`.
  static func field(of error: DecodingError) -> String? {
    let path: [any CodingKey]
    switch error {
    case .keyNotFound(let key, let context): path = context.codingPath + [key]
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      path = context.codingPath
    @unknown default: return nil
    }
    guard !path.isEmpty else { return nil }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  // Bounds checked after decoding (JSONDecoder already refuses fractions and numbers
  // beyond `Int`): each refusal names the field, so a page's developer sees which one.
  private static func checkIndex(_ value: Int, _ field: String) throws(WireError) {
    guard (0...maximumInteger).contains(value) else {
      throw .invalidField(field, "a whole number from 0 to \(maximumInteger)")
    }
  }

  private static func checkPath(_ path: WireIndexPath, _ field: String) throws(WireError) {
    try checkIndex(path.section, "\(field)[0]")
    try checkIndex(path.item, "\(field)[1]")
  }

  private static func checkName(_ name: String, _ field: String) throws(WireError) {
    guard name.utf8.count <= maximumNameLength else {
      throw .invalidField(field, "at most \(maximumNameLength) bytes", tooLarge: true)
    }
  }

  private static func checkCommon(_ view: String, _ seq: Int) throws(WireError) {
    try checkName(view, "view")
    try checkIndex(seq, "seq")
  }

  private struct Envelope: Decodable {
    var v: Int
    var type: String
  }
  private struct SeqBody: Decodable {
    var view: String
    var seq: Int
  }
  private struct WindowBody: Decodable {
    var view: String
    var seq: Int
    var ranges: [WireRange]
  }
  private struct CellsBody: Decodable {
    var view: String
    var seq: Int
    var indexPaths: [WireIndexPath]
  }
  private struct PathBody: Decodable {
    var view: String
    var seq: Int
    var indexPath: WireIndexPath
  }
  private struct ExpandBody: Decodable {
    var view: String
    var seq: Int
    var indexPath: WireIndexPath
    var expanded: Bool
  }
  private struct AccessoryBody: Decodable {
    var view: String
    var seq: Int
    var indexPath: WireIndexPath
    var kind: String
  }
  private struct SwipeBody: Decodable {
    var view: String
    var seq: Int
    var indexPath: WireIndexPath
    var edge: ListLayoutConfiguration.SwipeEdge
    var action: String
  }
  private struct ReorderBody: Decodable {
    var view: String
    var seq: Int
    var from: WireIndexPath
    var to: WireIndexPath
  }
  private struct MismatchBody: Decodable {
    var view: String
    var seq: Int
    var reason: String
  }
  private struct AppBody: Decodable {
    var name: String
    var payload: JSONValue?
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
