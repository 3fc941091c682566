import Diffable

/// The standard library's Myers diff keeps O(D²) memory for an edit distance D (and takes
/// O(n·D) time); past this D it would need gigabytes, so it is not run.
let stdlibEditLimit = 8_000
let stdlibNote =
  "stdlib_ms is null where the edit distance D exceeds \(stdlibEditLimit): "
  + "difference(from:) keeps O(D²) memory (about 4·D² bytes; gigabytes at D = 20,000)"

/// Old and new positions of every identifier: the floor any hash-based diff pays.
func positions<ID: Hashable>(_ identifiers: [ID]) -> [ID: Int] {
  var result = [ID: Int](minimumCapacity: identifiers.count)
  for (index, identifier) in identifiers.enumerated() { result[identifier] = index }
  return result
}

/// A real copy, as a snapshot that rebuilds its identifier array on each call makes.
func copied<Element>(_ array: [Element]) -> [Element] {
  array.withUnsafeBufferPointer { Array($0) }
}

func flatSnapshot<ID: BenchmarkIdentifier>(_ identifiers: [ID]) -> DiffableDataSourceSnapshot<
  Int, ID
> {
  var snapshot = DiffableDataSourceSnapshot<Int, ID>()
  snapshot.appendSections([0])
  snapshot.appendItems(identifiers)
  return snapshot
}

func flatDiffRow<ID: BenchmarkIdentifier>(
  _ mix: FlatMix, count: Int, _: ID.Type, _ settings: Settings
) -> Row {
  let input = FlatInput(mix, count: count, seed: seed("diff", mix.rawValue, count))
  let (oldIDs, newIDs) = identifierPair(old: input.old, new: input.new, ID.self)
  let old = flatSnapshot(oldIDs)
  let new = flatSnapshot(newIDs)
  let stdlibRuns = input.estimatedEdits <= stdlibEditLimit
  var contenders: [Contender] = [
    .timing("ours_ms") { BatchUpdate(from: old, to: new) },
    // What an app pays per apply: the new snapshot is built from its array, then diffed
    // against the one the data source holds.
    .timing("apply_cost_ms") { BatchUpdate(from: old, to: flatSnapshot(newIDs)) },
    // What a peer's benchmark measures: both built, then diffed.
    .timing("peer_contract_ms") {
      BatchUpdate(from: flatSnapshot(oldIDs), to: flatSnapshot(newIDs))
    },
    .timing("two_dict_ms") { positions(oldIDs).count &+ positions(newIDs).count },
    .timing("one_dict_ms") { positions(newIDs).count },
    .timing("equal_ms") { oldIDs == newIDs },
    .timing("copy_ms") { copied(newIDs) },
  ]
  if stdlibRuns {
    contenders.append(.timing("stdlib_ms") { newIDs.difference(from: oldIDs).inferringMoves() })
  }
  let medians = measure(contenders, settings)

  let update = BatchUpdate(from: old, to: new)
  checkFlatUpdate(update, input)
  let moves = update.movedItems.count
  let minimal = minimalMoves(old: input.old, new: input.new)
  var row = Row(group: "diff", scenario: mix.rawValue, ids: ID.label, n: count)
  row.ours = medians["ours_ms"]
  row.baselines = [
    ("two_dict_ms", medians["two_dict_ms"]), ("one_dict_ms", medians["one_dict_ms"]),
    ("equal_ms", medians["equal_ms"]), ("stdlib_ms", medians["stdlib_ms"]),
    ("copy_ms", medians["copy_ms"]), ("apply_cost_ms", medians["apply_cost_ms"]),
    ("peer_contract_ms", medians["peer_contract_ms"]),
  ]
  row.extras = [("moves", .int(moves)), ("minimal_moves", .int(minimal))]
  if !stdlibRuns { row.notes.append(stdlibNote) }

  let ours = medians["ours_ms"]!
  let limit = ID.self == Int.self ? (mix == .shuffle ? 3.0 : 2.0) : 1.5
  row.checks.append(
    Check(
      name: "ours/two_dict", value: ours / medians["two_dict_ms"]!, relation: .atMost,
      limit: limit))
  row.checks.append(
    Check(name: "moves", value: Double(moves), relation: .equal, limit: Double(minimal)))
  row.checks += applyCostChecks(medians)
  if mix == .noChange {
    row.checks.append(
      Check(
        name: "apply_cost/one_dict", value: medians["apply_cost_ms"]! / medians["one_dict_ms"]!,
        relation: .atMost, limit: 1.2))
    // Written as a ratio: ours ≤ 3 × equal + 0.01 ms.
    row.checks.append(
      Check(
        name: "ours/(3·equal+0.01)", value: ours / (3 * medians["equal_ms"]! + 0.01),
        relation: .atMost, limit: 1))
  }
  if mix == .random && count == 10_000, let stdlib = medians["stdlib_ms"] {
    row.checks.append(
      Check(name: "stdlib/ours", value: stdlib / ours, relation: .atLeast, limit: 20))
  }
  return row
}

/// A cheap guard that the timed diff does the real work: a flat diff must delete exactly
/// the old-only items and insert exactly the new-only ones.
func checkFlatUpdate(_ update: BatchUpdate, _ input: FlatInput) {
  let oldKeys = Set(input.old)
  let newKeys = Set(input.new)
  let deleted = input.old.count { !newKeys.contains($0) }
  let inserted = input.new.count { !oldKeys.contains($0) }
  precondition(
    update.deletedItems.count == deleted && update.insertedItems.count == inserted,
    "the diff's result is wrong: \(update.deletedItems.count) deletes (expected \(deleted)), "
      + "\(update.insertedItems.count) inserts (expected \(inserted))")
}

func sectionedSnapshot<ID: BenchmarkIdentifier>(_ sections: [(section: Int, items: [ID])])
  -> DiffableDataSourceSnapshot<Int, ID>
{
  var snapshot = DiffableDataSourceSnapshot<Int, ID>()
  snapshot.appendSections(sections.map(\.section))
  for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
  return snapshot
}

func sectionedDiffRow<ID: BenchmarkIdentifier>(count: Int, _: ID.Type, _ settings: Settings)
  -> Row
{
  let input = SectionedInput(count: count, seed: seed("sectioned", "", count))
  let (oldFlat, newFlat) = identifierPair(
    old: input.old.flatMap(\.items), new: input.new.flatMap(\.items), ID.self)
  func sections(_ shape: SectionedInput.Sections, _ flat: [ID]) -> [(section: Int, items: [ID])] {
    var start = 0
    return shape.map { section in
      defer { start += section.items.count }
      return (section.section, Array(flat[start..<start + section.items.count]))
    }
  }
  let old = sectionedSnapshot(sections(input.old, oldFlat))
  let new = sectionedSnapshot(sections(input.new, newFlat))
  let oldSections = sections(input.old, oldFlat)
  let newSections = sections(input.new, newFlat)
  let medians = measure(
    [
      .timing("ours_ms") { BatchUpdate(from: old, to: new) },
      .timing("apply_cost_ms") { BatchUpdate(from: old, to: sectionedSnapshot(newSections)) },
      .timing("peer_contract_ms") {
        BatchUpdate(from: sectionedSnapshot(oldSections), to: sectionedSnapshot(newSections))
      },
      .timing("two_dict_ms") { positions(oldFlat).count &+ positions(newFlat).count },
      // The same items in one section: the sectioned build should cost about as much.
      .timing("sectioned_build_ms") { sectionedSnapshot(newSections) },
      .timing("flat_build_ms") { flatSnapshot(newFlat) },
    ], settings)

  let update = BatchUpdate(from: old, to: new)
  var row = Row(
    group: "sectioned", scenario: "100-sections", ids: ID.label, n: count)
  row.ours = medians["ours_ms"]
  row.baselines = [
    ("two_dict_ms", medians["two_dict_ms"]), ("apply_cost_ms", medians["apply_cost_ms"]),
    ("peer_contract_ms", medians["peer_contract_ms"]),
    ("sectioned_build_ms", medians["sectioned_build_ms"]),
    ("flat_build_ms", medians["flat_build_ms"]),
  ]
  row.checks += applyCostChecks(medians)
  row.checks.append(
    Check(
      name: "sectioned_build/flat_build",
      value: medians["sectioned_build_ms"]! / medians["flat_build_ms"]!, relation: .atMost,
      limit: 1.15))
  let minimal = minimalMoves(old: input.old, new: input.new)
  row.extras = [("moves", .int(update.movedItems.count)), ("minimal_moves", .int(minimal))]
  row.checks.append(
    Check(
      name: "moves", value: Double(update.movedItems.count), relation: .equal,
      limit: Double(minimal)))
  row.checks.append(
    Check(
      name: "ours/two_dict", value: medians["ours_ms"]! / medians["two_dict_ms"]!,
      relation: .atMost, limit: ID.self == Int.self ? 3.0 : 2.0))
  return row
}

/// A fixed seed per scenario (FNV-1a of its name), the same for every identifier type, so
/// that Int, UUID and String rows diff the same shapes.
func seed(_ group: String, _ scenario: String, _ count: Int) -> UInt64 {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in "\(group)/\(scenario)/\(count)".utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
  return hash
}

/// Issue 16's targets for what an apply costs, as ratios to building two dictionaries of the
/// identifiers in the same run.
func applyCostChecks(_ medians: [String: Double]) -> [Check] {
  let twoDict = medians["two_dict_ms"]!
  return [
    Check(
      name: "apply_cost/two_dict", value: medians["apply_cost_ms"]! / twoDict,
      relation: .atMost, limit: 1.0),
    Check(
      name: "peer_contract/two_dict", value: medians["peer_contract_ms"]! / twoDict,
      relation: .atMost, limit: 1.5),
  ]
}
