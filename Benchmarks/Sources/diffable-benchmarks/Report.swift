/// A value of one output key.
enum JSONValue {
  case int(Int)
  case double(Double)
  case string(String)
  case bool(Bool)
  case null

  var json: String {
    switch self {
    case .int(let value): return String(value)
    case .double(let value): return value.isFinite ? String(roundedForOutput(value)) : "null"
    case .string(let value): return jsonQuoted(value)
    case .bool(let value): return value ? "true" : "false"
    case .null: return "null"
    }
  }
}

/// One of the issue's targets, evaluated on one row.
struct Check {
  enum Relation {
    case atMost
    case atLeast
    case equal
  }

  var name: String
  var value: Double
  var relation: Relation
  var limit: Double

  var met: Bool {
    switch relation {
    case .atMost: return value <= limit
    case .atLeast: return value >= limit
    case .equal: return value == limit
    }
  }

  var summary: String {
    let mark = met ? "ok" : "MISS"
    switch relation {
    case .atMost: return "\(name) \(format(value)) ≤ \(format(limit)) \(mark)"
    case .atLeast: return "\(name) \(format(value)) ≥ \(format(limit)) \(mark)"
    case .equal: return "\(name) \(Int(value)) = \(Int(limit)) \(mark)"
    }
  }
}

/// One line of output: a scenario measured on one identifier type and size.
struct Row {
  var group: String
  var scenario: String
  var ids: String
  var n: Int
  /// Our median, in milliseconds.
  var ours: Double?
  /// Baseline medians in milliseconds, keyed as in the JSON (`two_dict_ms`, …). A key with a
  /// `nil` value was not measured on purpose (see `notes`).
  var baselines: [(key: String, value: Double?)] = []
  /// Other keys: move counts, bytes per item, …
  var extras: [(key: String, value: JSONValue)] = []
  var checks: [Check] = []
  var notes: [String] = []

  func baseline(_ key: String) -> Double? {
    baselines.first { $0.key == key }?.value ?? nil
  }

  var json: String {
    var fields: [(String, JSONValue)] = [
      ("group", .string(group)), ("scenario", .string(scenario)), ("ids", .string(ids)),
      ("n", .int(n)), ("ours_ms", ours.map(JSONValue.double) ?? .null),
    ]
    for (key, value) in baselines { fields.append((key, value.map(JSONValue.double) ?? .null)) }
    fields += extras
    let targets = checks.map { check in
      "{\"target\":\(jsonQuoted(check.name)),\"value\":\(JSONValue.double(check.value).json),"
        + "\"limit\":\(JSONValue.double(check.limit).json),\"met\":\(check.met)}"
    }
    var text = fields.map { "\(jsonQuoted($0.0)):\($0.1.json)" }.joined(separator: ",")
    text += ",\"targets\":[\(targets.joined(separator: ","))]"
    if !notes.isEmpty { text += ",\"note\":\(jsonQuoted(notes.joined(separator: "; ")))" }
    return "{\(text)}"
  }
}

/// Prints rows as they are measured: a Markdown table for people (pasteable into the README),
/// or JSON lines on standard output with the table on standard error.
struct Reporter {
  var json: Bool
  private(set) var rows: [Row] = []

  init(json: Bool) { self.json = json }

  static let columns: [(title: String, width: Int)] = [
    ("group", 9), ("scenario", 21), ("ids", 6), ("n", 9), ("ours ms", 9), ("two_dict", 9),
    ("one_dict", 9), ("equal", 9), ("stdlib", 9), ("copy", 9), ("other", 18), ("targets", 0),
  ]

  func human(_ line: String) {
    if json {
      printError(line)
    } else {
      print(line)
    }
  }

  func header() {
    human(Reporter.line(Reporter.columns.map(\.title)))
    human(Reporter.line(Reporter.columns.map { String(repeating: "-", count: max($0.width, 7)) }))
  }

  mutating func add(_ row: Row) {
    rows.append(row)
    if json { print(row.json) }
    func cell(_ key: String) -> String {
      guard let entry = row.baselines.first(where: { $0.key == key }) else { return "–" }
      return entry.value.map(format) ?? "skipped"
    }
    var other: [String] = []
    for (key, value) in row.extras {
      switch (key, value) {
      case ("moves", .int(let moves)):
        if case .int(let minimal) = row.extras.first(where: { $0.key == "minimal_moves" })?.value {
          other.append("moves \(moves)/\(minimal)")
        } else {
          other.append("moves \(moves)")
        }
      case ("bytes_per_item", .double(let bytes)): other.append("\(format(bytes)) B/item")
      default: break
      }
    }
    let columned: Set = ["two_dict_ms", "one_dict_ms", "equal_ms", "stdlib_ms", "copy_ms"]
    for (key, value) in row.baselines where !columned.contains(key) {
      let name = key.hasSuffix("_ms") ? String(key.dropLast(3)) : key
      other.append("\(name) \(value.map(format) ?? "–")")
    }
    human(
      Reporter.line([
        row.group, row.scenario, row.ids, String(row.n), row.ours.map(format) ?? "–",
        cell("two_dict_ms"), cell("one_dict_ms"), cell("equal_ms"), cell("stdlib_ms"),
        cell("copy_ms"), other.joined(separator: ", "),
        row.checks.map(\.summary).joined(separator: "; "),
      ]))
  }

  /// The closing summary: every target missed, and the notes.
  func summary() {
    let checks = rows.flatMap { row in row.checks.map { (row, $0) } }
    let missed = checks.filter { !$0.1.met }
    human("")
    human("Targets: \(checks.count - missed.count) of \(checks.count) met.")
    for (row, check) in missed {
      human("  missed: \(row.group) \(row.scenario) \(row.ids) n=\(row.n): \(check.summary)")
    }
    var notes: [String] = []
    for note in rows.flatMap(\.notes) where !notes.contains(note) { notes.append(note) }
    for note in notes { human("Note: \(note)") }
  }

  static func line(_ cells: [String]) -> String {
    var text = "|"
    for (index, cell) in cells.enumerated() {
      let width = index < columns.count ? columns[index].width : 0
      let padding = String(repeating: " ", count: max(0, width - cell.count))
      // Numbers right-aligned, words left-aligned.
      let numeric = index >= 3 && index <= 9
      text += " " + (numeric ? padding + cell : cell + padding) + " |"
    }
    return text
  }
}

/// Milliseconds with three or four significant digits, in plain notation (a microsecond
/// operation still shows its digits rather than 0.0000).
func format(_ value: Double) -> String {
  guard value.isFinite else { return "–" }
  let magnitude = abs(value)
  var decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : magnitude >= 1 ? 3 : 4
  var threshold = 0.001
  while magnitude > 0 && magnitude < threshold && decimals < 9 {
    decimals += 1
    threshold /= 10
  }
  return fixed(value, decimals: decimals)
}

func fixed(_ value: Double, decimals: Int) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int((abs(value) * scale).rounded())
  let whole = scaled / Int(scale)
  var fraction = String(scaled % Int(scale))
  fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
  return (value < 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + fraction : "")
}

/// Keeps about six significant digits, so JSON does not print binary noise.
func roundedForOutput(_ value: Double) -> Double {
  guard value != 0 else { return 0 }
  var scale = 1.0
  while abs(value) * scale < 100_000 { scale *= 10 }
  return (value * scale).rounded() / scale
}

func jsonQuoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}
