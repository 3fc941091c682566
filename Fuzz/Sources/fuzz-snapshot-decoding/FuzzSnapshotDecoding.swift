import Diffable
import Foundation
import FuzzSupport

/// libFuzzer's entry point: decodes the bytes as snapshots (`Decodable` is the one way
/// untrusted data becomes a snapshot) and, when they decode, checks the result is a
/// consistent snapshot that round-trips and diffs cleanly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  check(DiffableDataSourceSnapshot<String, String>.self, from: bytes)
  check(DiffableDataSourceSnapshot<Int, Int>.self, from: bytes)
  return 0
}

private func check<S: Codable & Hashable & Sendable, I: Codable & Hashable & Sendable>(
  _ type: DiffableDataSourceSnapshot<S, I>.Type, from bytes: Data
) {
  // Throwing is the decoder's answer to bad data; only what it accepts is checked.
  guard let snapshot = try? JSONDecoder().decode(type, from: bytes) else { return }
  let copy = checkRoundTrip(snapshot)
  guard
    copy.reloadedItemIdentifiers == snapshot.reloadedItemIdentifiers
      && copy.reconfiguredItemIdentifiers == snapshot.reconfiguredItemIdentifiers
      && copy.reloadedSectionIdentifiers == snapshot.reloadedSectionIdentifiers
  else {
    fuzzFailure("marks change over a round trip: \(snapshot) becomes \(copy)")
  }
  checkQueries(snapshot)
  _ = snapshot.description

  let plain = snapshot.withoutMarks
  let unchanged = BatchUpdate(from: plain, to: plain)
  guard unchanged.isEmpty else {
    fuzzFailure("a snapshot diffed against itself gives \(unchanged): \(plain)")
  }
  // Against itself with its marks: every mark must turn into a reload or reconfigure.
  checkDiff(from: plain, to: snapshot)
  checkDiff(from: DiffableDataSourceSnapshot(), to: snapshot)
  checkDiff(from: plain, to: DiffableDataSourceSnapshot())
}

/// Every query agrees with the sections and items in order.
private func checkQueries<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) {
  var all: [I] = []
  for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() {
    let items = snapshot.itemIdentifiers(inSection: section)
    guard
      snapshot.indexOfSection(section) == sectionIndex && snapshot.contains(section: section)
        && snapshot.numberOfItems(inSection: section) == items.count
        && snapshot.numberOfItems(inSectionAt: sectionIndex) == items.count
    else {
      fuzzFailure("section \(section) at \(sectionIndex) answers queries wrongly: \(snapshot)")
    }
    for (itemIndex, item) in items.enumerated() {
      let path = IndexPath(indexes: [sectionIndex, itemIndex])
      guard
        snapshot.indexOfItem(item) == all.count && snapshot.contains(item: item)
          && snapshot.sectionIdentifier(containingItem: item) == section
          && snapshot.indexPath(ofItem: item) == path && snapshot.itemIdentifier(at: path) == item
      else {
        fuzzFailure("item \(item) at \(path) answers queries wrongly: \(snapshot)")
      }
      all.append(item)
    }
  }
  guard
    all == snapshot.itemIdentifiers && all.count == snapshot.numberOfItems
      && snapshot.sectionIdentifiers.count == snapshot.numberOfSections
  else {
    fuzzFailure("the sections' items are not the snapshot's items: \(snapshot)")
  }
}
