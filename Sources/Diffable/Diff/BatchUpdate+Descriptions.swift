#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdate: CustomStringConvertible, CustomDebugStringConvertible {
  /// A one-line summary for logs, listing only the kinds of change present, such as
  /// `BatchUpdate(deletedItems: [0-3], insertedItems: [0-0, 1-2], movedItems: [0-1→0-4])`.
  /// Index paths read `section-item`.
  public var description: String {
    var parts: [String] = []
    func add(_ name: String, _ values: [String]) {
      if !values.isEmpty { parts.append("\(name): [\(values.joined(separator: ", "))]") }
    }
    add("deletedSections", deletedSections.map(String.init))
    add("insertedSections", insertedSections.map(String.init))
    add("reloadedSections", reloadedSections.map(String.init))
    add("movedSections", movedSections.map { "\($0.from)→\($0.to)" })
    add("deletedItems", deletedItems.positions.map(\.description))
    add("insertedItems", insertedItems.positions.map(\.description))
    add("reloadedItems", reloadedItems.positions.map(\.description))
    add("movedItems", movedItems.map { "\($0.fromPosition)→\($0.toPosition)" })
    add("reconfiguredItems", reconfiguredItems.positions.map(\.description))
    return parts.isEmpty ? "BatchUpdate(empty)" : "BatchUpdate(\(parts.joined(separator: ", ")))"
  }

  /// The same text as ``description``.
  public var debugDescription: String { description }
}
