import DiffableDataSource
import Foundation

/// A message to the page.
public enum ServerMessage: Hashable {
  /// Everything about one view.
  case structure(view: String, seq: Int, sections: [WireSection])
  /// Contents of rows.
  case cells(view: String, seq: Int, cells: [WirePlacedCell])
  /// One update.
  case batch(
    view: String, seq: Int, animated: Bool, update: WireBatch, sections: [WireSection],
    cells: [WirePlacedCell])
  /// A refusal.
  case error(WireError)
  /// A message for the app's page code.
  case app(name: String, payload: JSONValue)
  /// The first message of a connection: the page's session, fresh or resumed.
  case session(WireSession)

  /// The JSON text of the message.
  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      switch self {
      case .structure(let view, let seq, let sections):
        data = try encoder.encode(
          Structure(v: 1, type: "structure", view: view, seq: seq, sections: sections))
      case .cells(let view, let seq, let cells):
        data = try encoder.encode(Cells(v: 1, type: "cells", view: view, seq: seq, cells: cells))
      case .batch(let view, let seq, let animated, let update, let sections, let cells):
        data = try encoder.encode(
          Batch(
            v: 1, type: "batch", view: view, seq: seq, animated: animated, update: update,
            sections: sections, cells: cells))
      case .error(let error):
        data = try encoder.encode(
          ErrorBody(
            v: 1, type: "error", code: error.code, message: error.message,
            inReplyTo: error.inReplyTo, view: error.view, seq: error.seq, field: error.field))
      case .app(let name, let payload):
        data = try encoder.encode(App(v: 1, type: "app", name: name, payload: payload))
      case .session(let session):
        data = try encoder.encode(Session(v: 1, type: "session", session: session))
      }
    } catch {
      // Every field is plain data; encoding cannot fail short of a bug.
      preconditionFailure("ServerMessage.encoded(): \(error)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  private struct Structure: Encodable {
    var v: Int
    var type: String
    var view: String
    var seq: Int
    var sections: [WireSection]
  }
  private struct Cells: Encodable {
    var v: Int
    var type: String
    var view: String
    var seq: Int
    var cells: [WirePlacedCell]
  }
  private struct Batch: Encodable {
    var v: Int
    var type: String
    var view: String
    var seq: Int
    var animated: Bool
    var update: WireBatch
    var sections: [WireSection]
    var cells: [WirePlacedCell]
  }
  private struct ErrorBody: Encodable {
    var v: Int
    var type: String
    var code: WireError.Code
    var message: String
    var inReplyTo: String?
    var view: String?
    var seq: Int?
    var field: String?
  }
  private struct Session: Encodable {
    var v: Int
    var type: String
    var session: WireSession

    enum CodingKeys: CodingKey { case v, type }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(v, forKey: .v)
      try container.encode(type, forKey: .type)
      try session.encode(to: encoder)
    }
  }
  private struct App: Encodable {
    var v: Int
    var type: String
    var name: String
    var payload: JSONValue
  }
}
