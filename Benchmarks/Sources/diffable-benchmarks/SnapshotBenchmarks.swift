import CAllocatedBytes
import Diffable

enum SnapshotScenario: String, CaseIterable {
  case build
  case appendPages = "append-100-pages"
  case itemIdentifiers = "item-identifiers-100x"
  case indexLookups = "index-lookups"
  case deleteHalf = "delete-half"
  case reload5k = "reload-5k"
}

func snapshotRow<ID: BenchmarkIdentifier>(
  _ scenario: SnapshotScenario, count: Int, _: ID.Type, _ settings: Settings
) -> Row {
  var random = SplitMix64(seed: seed("snapshot", scenario.rawValue, count))
  let identifiers = (0..<UInt64(count)).map { $0 }.identifiers(ID.self)
  var row = Row(group: "snapshot", scenario: scenario.rawValue, ids: ID.label, n: count)
  switch scenario {
  case .build:
    // appendItems checks that every identifier is new; one dictionary insert per item is
    // the least that check costs.
    let medians = measure(
      [
        .timing("ours_ms") { flatSnapshot(identifiers) },
        .timing("one_dict_ms") { positions(identifiers) },
      ], settings)
    row.ours = medians["ours_ms"]
    row.baselines = [("one_dict_ms", medians["one_dict_ms"])]
    row.checks.append(
      Check(
        name: "ours/one_dict", value: row.ours! / medians["one_dict_ms"]!, relation: .atMost,
        limit: 1.5))
  case .appendPages:
    // A list that loads page by page appends each page to the same section: the table grows
    // by doubling, re-indexing from the stored hash bits. Reported beside a build at once.
    let pageSize = count / 100
    let pages = (0..<100).map { Array(identifiers[($0 * pageSize)..<(($0 + 1) * pageSize)]) }
    let medians = measure(
      [
        .timing("ours_ms") {
          var snapshot = DiffableDataSourceSnapshot<Int, ID>()
          snapshot.appendSections([0])
          for page in pages { snapshot.appendItems(page) }
          return snapshot
        },
        .timing("flat_build_ms") { flatSnapshot(identifiers) },
        .timing("one_dict_ms") { positions(identifiers) },
      ], settings)
    row.ours = medians["ours_ms"]
    row.baselines = [
      ("one_dict_ms", medians["one_dict_ms"]), ("flat_build_ms", medians["flat_build_ms"]),
    ]
  case .itemIdentifiers:
    // Apple's snapshot builds a new array on each call; ours shares its storage.
    let snapshot = flatSnapshot(identifiers)
    let medians = measure(
      [
        .timing("ours_ms") {
          var total = 0
          for _ in 0..<100 {
            let items = snapshot.itemIdentifiers
            blackHole(items)
            total &+= items.count
          }
          return total
        },
        .timing("copy_ms") {
          for _ in 0..<100 { blackHole(copied(identifiers)) }
        },
      ], settings)
    row.ours = medians["ours_ms"]
    row.baselines = [("copy_ms", medians["copy_ms"])]
    row.checks.append(
      Check(name: "ours/copy", value: row.ours! / medians["copy_ms"]!, relation: .atMost, limit: 1))
  case .indexLookups:
    // Every item looked up once, in random order; the baseline looks the same identifiers up
    // in one prebuilt dictionary.
    let snapshot = flatSnapshot(identifiers)
    let dictionary = positions(identifiers)
    let probes = identifiers.shuffled(using: &random)
    let medians = measure(
      [
        .timing("ours_ms") {
          var sum = 0
          for identifier in probes { sum &+= snapshot.indexOfItem(identifier)! }
          return sum
        },
        .timing("one_dict_ms") {
          var sum = 0
          for identifier in probes { sum &+= dictionary[identifier]! }
          return sum
        },
      ], settings)
    row.ours = medians["ours_ms"]
    row.baselines = [("one_dict_ms", medians["one_dict_ms"])]
  case .deleteHalf:
    // Half the items, at random; the baseline builds the dictionary of the surviving half,
    // which is what re-indexing the survivors costs at least.
    let doomed = Set(randomPositions(count / 2, of: count, &random))
    let deleted = doomed.map { identifiers[$0] }
    let kept = identifiers.indices.filter { !doomed.contains($0) }.map { identifiers[$0] }
    let medians = measure(
      [
        .timing("ours_ms", prepare: { flatSnapshot(identifiers) }) { snapshot in
          snapshot.deleteItems(deleted)
          return snapshot.numberOfItems
        },
        .timing("one_dict_ms") { positions(kept) },
      ], settings)
    row.ours = medians["ours_ms"]
    row.baselines = [("one_dict_ms", medians["one_dict_ms"])]
  case .reload5k:
    // Marks 5,000 random items; the baseline builds a dictionary of those 5,000.
    let base = flatSnapshot(identifiers)
    let reloaded = randomPositions(5_000, of: count, &random).map { identifiers[$0] }
    let medians = measure(
      [
        .timing("ours_ms", prepare: { base }) { snapshot in
          snapshot.reloadItems(reloaded)
          return snapshot.reloadedItemIdentifiers.count
        },
        .timing("one_dict_ms") { positions(reloaded) },
      ], settings)
    row.ours = medians["ours_ms"]
    row.baselines = [("one_dict_ms", medians["one_dict_ms"])]
  }
  return row
}

let memoryMethod =
  "memory: bytes allocated through malloc and still held once the snapshot is built and its "
  + "input array released (glibc mallinfo2: uordblks + hblkhd), divided by the item count"

/// Builds a snapshot from an array that nobody else keeps, so that everything the snapshot
/// holds (its share of that array included) is counted, and nothing else.
@inline(never)
func snapshotOwningItsItems(count: Int) -> DiffableDataSourceSnapshot<Int, Int> {
  flatSnapshot((0..<UInt64(count)).map { Int(key: $0) })
}

/// Bytes per item of a snapshot of `count` Int items, measured as allocated bytes.
func memoryRow(count: Int, _ settings: Settings) -> Row {
  let identifiers = (0..<UInt64(count)).map { Int(key: $0) }
  let medians = measure(
    [
      .timing("ours_ms") { flatSnapshot(identifiers) },
      .timing("one_dict_ms") { positions(identifiers) },
    ], settings)

  let allocatedBefore = Int(diffable_allocated_bytes())
  let residentBefore = diffable_resident_bytes()
  let snapshot = snapshotOwningItsItems(count: count)
  let allocated = Int(diffable_allocated_bytes()) - allocatedBefore
  let resident = diffable_resident_bytes() - residentBefore
  blackHole(snapshot)

  var row = Row(group: "memory", scenario: "bytes-per-item", ids: "Int", n: count)
  row.ours = medians["ours_ms"]
  row.baselines = [("one_dict_ms", medians["one_dict_ms"])]
  let identifierBytes = MemoryLayout<Int>.stride
  row.extras = [("identifier_bytes", .int(identifierBytes))]
  if diffable_allocated_bytes_available() != 0 {
    let perItem = Double(allocated) / Double(count)
    row.extras += [
      ("bytes_per_item", .double(perItem)),
      ("overhead_bytes_per_item", .double(perItem - Double(identifierBytes))),
      ("resident_bytes_per_item", .double(Double(resident) / Double(count))),
      ("method", .string("allocated bytes (mallinfo2)")),
    ]
    row.checks.append(
      Check(
        name: "bytes/item beyond ids", value: perItem - Double(identifierBytes),
        relation: .atMost, limit: 48))
    row.notes.append(memoryMethod)
  } else {
    row.extras += [
      ("bytes_per_item", .double(Double(resident) / Double(count))),
      ("method", .string("resident-size delta (mallinfo2 unavailable)")),
    ]
  }
  return row
}
