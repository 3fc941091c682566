#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct DiffableBenchmarks {
  static let usage = """
    usage: swift run -c release --package-path Benchmarks diffable-benchmarks [options]

      --quick          3 repetitions and shorter samples (under 3 minutes on 2 cores)
      --json           one JSON object per line on standard output (the table goes to stderr)
      --filter TEXT    only rows whose "group/scenario/ids/n" contains TEXT (repeatable)
      --profile KEY    before each row, run its contender KEY (ours_ms, apply_cost_ms, ...)
                       alone for 3 s, for a profiler such as `perf record` (use with --filter)
      --once           each contender runs one operation to warm up and one to measure,
                       whatever the times: the same work in every run, for counting
                       instructions under valgrind (Benchmarks/Scripts/instructions.sh)
      --help           this text
    """

  static func main() {
    var runner = Runner()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      switch argument {
      case "--quick":
        runner.settings.repetitions = Settings.quick.repetitions
        runner.settings.minimumSampleSeconds = Settings.quick.minimumSampleSeconds
      case "--once":
        runner.settings.repetitions = 1
        runner.settings.fixedWork = true
      case "--json": runner.reporter.json = true
      case "--filter":
        guard let text = arguments.popFirst() else { fail("--filter needs a value") }
        runner.filters.append(text)
      case "--profile":
        guard let key = arguments.popFirst() else { fail("--profile needs a contender key") }
        runner.settings.profileKey = key
      case "--help", "-h":
        print(usage)
        return
      default:
        fail("unknown option \(argument)")
      }
    }
    #if DEBUG
      printError("warning: a debug build measures nothing useful; add -c release")
    #endif
    warmUpAllocator()
    runner.run()
  }

  /// Allocates and frees one large block first, as a process that has run for a while has.
  ///
  /// glibc serves blocks above its mmap threshold (128 KiB at start) with fresh pages, each
  /// faulted in on first touch, and raises the threshold only after such a block is freed;
  /// and it returns the heap's free top to the system past a trim threshold. A row measured
  /// first (or alone, with `--filter`) therefore paid page faults that the same row measured
  /// after the 100,000-item rows did not: the 10,000-item sectioned build cost 2.4× as much.
  /// After this, every row runs in the allocator state of a warm process.
  static func warmUpAllocator() {
    let block = [UInt8](repeating: 1, count: 16 << 20)
    precondition(block[block.count - 1] == 1)
  }

  static func fail(_ message: String) -> Never {
    printError("\(message)\n\(usage)")
    exit(2)
  }
}

struct Runner {
  var settings = Settings.full
  var filters: [String] = []
  var reporter = Reporter(json: false)

  func selected(_ group: String, _ scenario: String, _ ids: String, _ count: Int) -> Bool {
    let name = "\(group)/\(scenario)/\(ids)/\(count)"
    return filters.isEmpty || filters.contains { name.contains($0) }
  }

  mutating func run() {
    let started = now()
    reporter.human(machineDescription())
    reporter.human(
      "method: release build, warm-up, \(settings.repetitions) interleaved repetitions per row, "
        + "medians in ms per operation; seeded inputs")
    reporter.human("")
    reporter.header()

    // Each identifier type is spelled out at the call, so every generic path is specialized
    // for it, as in an app (an opened existential would run unspecialized code).
    for count in [10_000, 100_000] {
      for mix in FlatMix.allCases {
        diff(mix, count, Int.self)
        diff(mix, count, UUID.self)
        diff(mix, count, String.self)
      }
    }
    for count in [10_000, 100_000] {
      sectioned(count, Int.self)
      sectioned(count, UUID.self)
      sectioned(count, String.self)
    }
    for scenario in SnapshotScenario.allCases {
      snapshot(scenario, Int.self)
      snapshot(scenario, UUID.self)
      snapshot(scenario, String.self)
    }
    for scenario in OutlineScenario.allCases {
      outline(scenario, Int.self)
      outline(scenario, UUID.self)
      outline(scenario, String.self)
    }
    for scenario in ApplyScenario.allCases where selected("apply", scenario.rawValue, "Int", 10_000)
    {
      // main() runs on the main thread, where the data sources live.
      let row = MainActor.assumeIsolated { applyRow(scenario, settings) }
      reporter.add(row)
    }
    if selected("memory", "bytes-per-item", "Int", 1_000_000) {
      reporter.add(memoryRow(count: 1_000_000, settings))
    }

    reporter.summary()
    let load = readFile("/proc/loadavg")?.split(separator: " ").prefix(3).joined(separator: " ")
    reporter.human(
      "total time: \(fixed(now() - started, decimals: 1)) s; load average at the end: "
        + (load ?? "unknown"))
  }

  mutating func diff<ID: BenchmarkIdentifier>(_ mix: FlatMix, _ count: Int, _ type: ID.Type) {
    guard selected("diff", mix.rawValue, ID.label, count) else { return }
    reporter.add(flatDiffRow(mix, count: count, type, settings))
  }

  mutating func sectioned<ID: BenchmarkIdentifier>(_ count: Int, _ type: ID.Type) {
    guard selected("sectioned", "100-sections", ID.label, count) else { return }
    reporter.add(sectionedDiffRow(count: count, type, settings))
  }

  mutating func snapshot<ID: BenchmarkIdentifier>(_ scenario: SnapshotScenario, _ type: ID.Type) {
    guard selected("snapshot", scenario.rawValue, ID.label, 100_000) else { return }
    reporter.add(snapshotRow(scenario, count: 100_000, type, settings))
  }
}

extension Runner {
  mutating func outline<ID: BenchmarkIdentifier>(_ scenario: OutlineScenario, _ type: ID.Type) {
    guard selected("outline", scenario.rawValue, ID.label, 100_000) else { return }
    reporter.add(outlineRow(scenario, type, settings))
  }
}

/// Writes a line to standard error.
func printError(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
