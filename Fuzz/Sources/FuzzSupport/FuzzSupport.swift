import Foundation

/// Reads a fuzzer's bytes as a stream of small choices. Past the end every read is 0, so
/// a script never fails for being short: the fuzzer's shortest inputs stay meaningful.
public struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  /// Reads `size` bytes from `data`.
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> Int {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return Int(bytes[position])
  }

  /// A number in `0..<bound` from the next byte (`bound` at most 256).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0 && bound <= 256)
    return byte() % bound
  }

  /// A coin toss from the next byte.
  public mutating func bool() -> Bool { byte() & 1 == 1 }
}

/// Stops the fuzzer with a report: a broken invariant is a bug, and libFuzzer keeps the
/// input that led here.
public func fuzzFailure(_ message: @autoclosure () -> String) -> Never {
  let text = "fuzz failure: \(message())\n"
  FileHandle.standardError.write(Data(text.utf8))
  fatalError("fuzz failure (see above)")
}

/// Encodes `value` with `JSONEncoder` and decodes it again: the result must be equal.
///
/// Returns the copy, so callers can compare what `==` leaves out.
@discardableResult
public func checkRoundTrip<Value: Codable & Equatable>(_ value: Value) -> Value {
  let data: Data
  do {
    data = try JSONEncoder().encode(value)
  } catch {
    fuzzFailure("a decoded \(Value.self) does not encode: \(error)\n\(value)")
  }
  let copy: Value
  do {
    copy = try JSONDecoder().decode(Value.self, from: data)
  } catch {
    fuzzFailure(
      "a re-encoded \(Value.self) does not decode: \(error)\n"
        + String(decoding: data, as: UTF8.self))
  }
  guard copy == value else {
    fuzzFailure("a \(Value.self) changes over a round trip:\n\(value)\nbecomes\n\(copy)")
  }
  return copy
}
