#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds on the monotonic clock (wall time, not CPU time: it is what a user waits for).
func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Keeps a result alive as far as the optimizer can tell, so that it cannot drop the work
/// that produced it. Neither inlined nor optimized: its body is opaque to every caller.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// One thing to time: ours or a baseline. `run(k)` performs the operation `k` times and
/// returns the seconds spent in the timed part only.
struct Contender {
  let key: String
  let run: (Int) -> Double

  /// An operation on inputs that it does not change.
  static func timing<Result>(_ key: String, _ body: @escaping () -> Result) -> Contender {
    Contender(key: key) { iterations in
      let start = now()
      for _ in 0..<iterations { blackHole(body()) }
      return now() - start
    }
  }

  /// An operation that changes its input: each iteration gets a fresh state made by
  /// `prepare`, outside the timed part (so copy-on-write copies are not charged to it).
  static func timing<State, Result>(
    _ key: String, prepare: @escaping () -> State, _ body: @escaping (inout State) -> Result
  ) -> Contender {
    Contender(key: key) { iterations in
      var states = (0..<iterations).map { _ in prepare() }
      let start = now()
      for index in 0..<iterations { blackHole(body(&states[index])) }
      let elapsed = now() - start
      blackHole(states)  // released after the clock stops
      return elapsed
    }
  }
}

extension Contender {
  /// An operation on one large state that must not be copied (a copy-on-write copy would
  /// cost more than the operation): each call is timed alone, and `reset` puts the state
  /// back, untimed, before the next. `make` runs once, so the state stays uniquely owned.
  static func timingEach<State, Result>(
    _ key: String, make: () -> State, _ body: @escaping (inout State) -> Result,
    reset: @escaping (inout State) -> Void
  ) -> Contender {
    var state = make()
    return Contender(key: key) { iterations in
      var elapsed = 0.0
      for _ in 0..<iterations {
        let start = now()
        blackHole(body(&state))
        elapsed += now() - start
        reset(&state)
      }
      return elapsed
    }
  }
}

/// How much to measure.
struct Settings {
  /// Timed samples per contender; the reported value is their median.
  var repetitions: Int
  /// A sample repeats a fast operation until it lasts about this long, so that the clock's
  /// resolution and the loop around it do not count.
  var minimumSampleSeconds: Double

  /// A contender's key (`ours_ms`, `apply_cost_ms`, ...) to run alone for
  /// `profileSeconds` before a row is measured, so that a profiler attached to the whole
  /// process sees mostly that contender.
  var profileKey: String? = nil
  var profileSeconds = 3.0

  /// Each contender runs once to warm up and then once per repetition, one operation per
  /// sample, whatever the times: for counting instructions under valgrind
  /// (`Scripts/instructions.sh`), where the amount of work must not depend on the clock.
  var fixedWork = false

  static let quick = Settings(repetitions: 3, minimumSampleSeconds: 0.004)
  static let full = Settings(repetitions: 11, minimumSampleSeconds: 0.03)
}

/// Times contenders side by side and returns each one's median, in milliseconds per
/// operation.
///
/// Each contender is warmed up first (caches, page faults, lazily initialised state), and the
/// warm-up decides how many operations make one sample. Then the samples are interleaved:
/// round *r* takes one sample of every contender, starting from a different one each round,
/// so that a burst of load on a shared machine hits all of them alike rather than one.
func measure(_ contenders: [Contender], _ settings: Settings) -> [String: Double] {
  if let key = settings.profileKey {
    if let contender = contenders.first(where: { $0.key == key }) {
      let started = now()
      while now() - started < settings.profileSeconds { _ = contender.run(1) }
    } else {
      printError(
        "note: --profile \(key): this row has no such contender (it has "
          + contenders.map(\.key).joined(separator: ", ") + ")")
    }
  }
  var iterations: [Int] = []
  for contender in contenders {
    if settings.fixedWork {
      _ = contender.run(1)
      iterations.append(1)
      continue
    }
    var seconds = contender.run(1)
    if seconds < 0.1 { seconds = contender.run(1) }  // the first run pays one-time costs
    let wanted = settings.minimumSampleSeconds / Swift.max(seconds, 1e-9)
    iterations.append(seconds >= settings.minimumSampleSeconds ? 1 : Int(min(wanted, 1e6)) + 1)
  }
  var samples = Array(repeating: [Double](), count: contenders.count)
  for round in 0..<settings.repetitions {
    for step in contenders.indices {
      let index = (round &+ step) % contenders.count
      let count = iterations[index]
      samples[index].append(contenders[index].run(count) / Double(count))
    }
  }
  var medians: [String: Double] = [:]
  for (index, contender) in contenders.enumerated() {
    medians[contender.key] = median(samples[index]) * 1000
  }
  return medians
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
