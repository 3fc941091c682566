import Foundation

// The one checked path from a page's numbers and strings to Swift values. JSON numbers
// arrive as `Double`; `Int(double)` traps on anything out of range or not finite, so every
// conversion goes through `Int(exactly:)` and a range, and every refusal names its field.

extension WireError {
  /// A refusal of one field of a message: out of its range, of the wrong type, or missing.
  ///
  /// - Parameters:
  ///   - field: The field's name as the page sends it, such as `"prepMinutes"`.
  ///   - expectation: What the field must be, as a phrase: "a whole number from 0 to 10080".
  ///   - tooLarge: Whether the field is refused for its size (code `tooLarge`) rather than
  ///     its value (code `malformed`).
  ///   - inReplyTo: The type of the refused message, when known.
  public static func invalidField(
    _ field: String, _ expectation: String, tooLarge: Bool = false, inReplyTo: String? = nil
  ) -> WireError {
    var error = WireError(
      tooLarge ? .tooLarge : .malformed, "\"\(field)\" must be \(expectation)",
      inReplyTo: inReplyTo)
    error.field = field
    return error
  }
}

extension JSONValue {
  /// The whole number in `range` that this value holds, or a refusal naming `field`.
  ///
  /// Accepts a JSON number with no fractional part (`3`, `3.0`, `3e2`); refuses fractions,
  /// numbers outside `range` (checked before any conversion, so `1e300` cannot trap), and
  /// every other kind of value.
  ///
  /// - Complexity: O(1).
  public func integer(field: String, in range: ClosedRange<Int>) throws(WireError) -> Int {
    guard case .number(let number) = self, let value = Int(exactly: number),
      range.contains(value)
    else {
      throw .invalidField(
        field, "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// The whole number in `range` at `key` of this object, or a refusal naming the key
  /// (when it is missing, too).
  ///
  /// - Complexity: O(1) expected.
  public func integer(_ key: String, in range: ClosedRange<Int>) throws(WireError) -> Int {
    guard let value = self[key], value != .null else { throw .invalidField(key, "present") }
    return try value.integer(field: key, in: range)
  }

  /// The whole number in `range` at `key` of this object; `nil` when the key is absent or
  /// `null`; a refusal naming the key otherwise.
  ///
  /// - Complexity: O(1) expected.
  public func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(WireError)
    -> Int?
  {
    guard let value = self[key], value != .null else { return nil }
    return try value.integer(field: key, in: range)
  }

  /// The string at `key` of this object, at most `maximumLength` characters long, or a
  /// refusal naming the key (when it is missing, too).
  ///
  /// - Complexity: O(*m*) for a string of *m* bytes; counting stops one character past the
  ///   limit.
  public func string(_ key: String, maximumLength: Int) throws(WireError) -> String {
    guard let value = self[key], value != .null else { throw .invalidField(key, "present") }
    guard case .string(let text) = value, text.prefix(maximumLength + 1).count <= maximumLength
    else {
      throw .invalidField(key, "a string of at most \(maximumLength) characters")
    }
    return text
  }

  /// The string at `key` of this object, at most `maximumLength` characters long; `nil` when
  /// the key is absent or `null`; a refusal naming the key otherwise.
  ///
  /// - Complexity: O(*m*) for a string of *m* bytes.
  public func optionalString(_ key: String, maximumLength: Int) throws(WireError) -> String? {
    guard let value = self[key], value != .null else { return nil }
    return try string(key, maximumLength: maximumLength)
  }

  /// The Boolean at `key` of this object, or a refusal naming the key.
  public func bool(_ key: String) throws(WireError) -> Bool {
    guard case .bool(let value)? = self[key] else {
      throw .invalidField(key, "true or false")
    }
    return value
  }
}
