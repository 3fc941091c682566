import Diffable
import NIOConcurrencyHelpers

/// Counts hash and equality calls, so tests can fence an operation's complexity by the work
/// it does instead of by time.
public final class OperationCounter: Sendable {
  private let counts = NIOLockedValueBox((hashes: 0, equalities: 0))

  /// Calls of `hash(into:)` so far.
  public var hashes: Int { counts.withLockedValue { $0.hashes } }
  /// Calls of `==` so far.
  public var equalities: Int { counts.withLockedValue { $0.equalities } }
  /// Both together.
  public var total: Int { counts.withLockedValue { $0.hashes + $0.equalities } }

  /// Records a hash.
  public func countHash() { counts.withLockedValue { $0.hashes += 1 } }
  /// Records an equality check.
  public func countEquality() { counts.withLockedValue { $0.equalities += 1 } }
  /// Starts again from zero.
  public func reset() { counts.withLockedValue { $0 = (0, 0) } }

  /// The counter bound for the current task; tests run in parallel, each binds its own.
  @TaskLocal public static var current: OperationCounter?

  /// Runs `body` with a fresh counter and returns it.
  public static func measure(_ body: () -> Void) -> OperationCounter {
    let counter = OperationCounter()
    $current.withValue(counter) { body() }
    return counter
  }
}

/// An identifier whose `hash(into:)` and `==` report to the task's `OperationCounter`.
public struct CountedID: Hashable, Sendable, CustomStringConvertible, Codable {
  /// The value compared and hashed.
  public let value: Int

  /// Wraps a value.
  public init(_ value: Int) { self.value = value }

  /// Compares values, counting the call.
  public static func == (left: CountedID, right: CountedID) -> Bool {
    OperationCounter.current?.countEquality()
    return left.value == right.value
  }

  /// Hashes the value, counting the call.
  public func hash(into hasher: inout Hasher) {
    OperationCounter.current?.countHash()
    hasher.combine(value)
  }

  /// `#value`.
  public var description: String { "#\(value)" }
}

/// Runs `body` with Diffable's warnings discarded.
public func silencingWarnings<T>(_ body: () -> T) -> T {
  DiffableDiagnostics.$warningHandler.withValue({ _ in }, operation: body)
}

/// Runs `body` and returns the warnings Diffable reported meanwhile.
public func collectingWarnings(_ body: () -> Void) -> [String] {
  let warnings = NIOLockedValueBox<[String]>([])
  let handler: @Sendable (String) -> Void = { text in warnings.withLockedValue { $0.append(text) } }
  DiffableDiagnostics.$warningHandler.withValue(handler, operation: body)
  return warnings.withLockedValue { $0 }
}
