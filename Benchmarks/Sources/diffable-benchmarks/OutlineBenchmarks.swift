import Diffable

enum OutlineScenario: String, CaseIterable {
  case expandOne = "expand-one"
  case collapseOne = "collapse-one"
  case visibleItems = "visible-items"
}

/// 1,000 roots with 99 children each: 100,000 nodes, every subtree 100 nodes.
struct OutlineShape<ID: BenchmarkIdentifier> {
  var roots: [ID]
  var children: [[ID]]

  init(rootCount: Int, childrenPerRoot: Int) {
    let width = UInt64(childrenPerRoot + 1)
    roots = (0..<UInt64(rootCount)).map { ID(key: $0 * width) }
    children = (0..<UInt64(rootCount)).map { root in
      (1..<width).map { ID(key: root * width + $0) }
    }
  }

  /// What an app without incremental expansion does on every change: the whole outline
  /// again, every root expanded except `collapsed`.
  func build(collapsed: Int?) -> DiffableDataSourceSectionSnapshot<ID> {
    var outline = DiffableDataSourceSectionSnapshot<ID>()
    outline.append(roots)
    for (root, items) in zip(roots, children) { outline.append(items, to: root) }
    var expanded = roots
    if let collapsed { expanded.remove(at: collapsed) }
    outline.expand(expanded)
    return outline
  }
}

func outlineRow<ID: BenchmarkIdentifier>(
  _ scenario: OutlineScenario, _: ID.Type, _ settings: Settings
) -> Row {
  let shape = OutlineShape<ID>(rootCount: 1_000, childrenPerRoot: 99)
  let middle = shape.roots.count / 2
  let root = shape.roots[middle]
  var row = Row(
    group: "outline", scenario: scenario.rawValue, ids: ID.label,
    n: shape.roots.count + shape.children.reduce(0) { $0 + $1.count })
  let medians: [String: Double]
  switch scenario {
  case .expandOne:
    medians = measure(
      [
        .timingEach(
          "ours_ms", make: { shape.build(collapsed: middle) }, { $0.expand([root]) },
          reset: { $0.collapse([root]) }),
        .timing("rebuild_ms") { shape.build(collapsed: nil) },
      ], settings)
  case .collapseOne:
    medians = measure(
      [
        .timingEach(
          "ours_ms", make: { shape.build(collapsed: nil) }, { $0.collapse([root]) },
          reset: { $0.expand([root]) }),
        .timing("rebuild_ms") { shape.build(collapsed: middle) },
      ], settings)
  case .visibleItems:
    // Ours is kept up to date by every change; the baseline copies the visible rows once,
    // the least a snapshot that computes them on request pays.
    let outline = shape.build(collapsed: middle)
    let visible = outline.visibleItems
    medians = measure(
      [
        .timing("ours_ms") { outline.visibleItems },
        .timing("copy_ms") { copied(visible) },
      ], settings)
  }
  row.ours = medians["ours_ms"]
  switch scenario {
  case .expandOne, .collapseOne:
    row.baselines = [("rebuild_ms", medians["rebuild_ms"])]
    row.checks.append(
      Check(
        name: "ours/rebuild", value: row.ours! / medians["rebuild_ms"]!, relation: .atMost,
        limit: 0.01))
  case .visibleItems:
    row.baselines = [("copy_ms", medians["copy_ms"])]
  }
  return row
}
