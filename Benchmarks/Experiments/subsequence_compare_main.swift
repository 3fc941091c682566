// The timing loop of `subsequence_compare.sh`, which compiles it with two revisions of the
// subsequence marking wrapped as `Before` and `After`.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// SplitMix64, seeded, so that every run times the same inputs.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

typealias Marking = (UnsafeBufferPointer<Int>, inout [Bool]) -> Int
let contenders: [(name: String, mark: Marking)] = [
  ("before", { Before._markLongestIncreasingSubsequence($0, into: &$1) }),
  ("after", { After._markLongestIncreasingSubsequence($0, into: &$1) }),
]
var random = SplitMix(state: 42)
print("values  shape      before_us  after_us  after/before")
for count in [1_000, 10_000, 100_000] {
  for shape in ["random", "1%-moved"] {
    var values = Array(0..<count)
    if shape == "random" {
      values.shuffle(using: &random)
    } else {
      for _ in 0..<count / 100 {
        let value = values.remove(at: Int.random(in: 0..<count, using: &random))
        values.insert(value, at: Int.random(in: 0..<count, using: &random))
      }
    }
    var samples = Array(repeating: [Double](), count: contenders.count)
    var expected: [Bool] = []
    for run in 0..<201 {
      // Each goes first in every other run, so that neither always finds the caches and the
      // heap as the other left them.
      for index in run % 2 == 0 ? [0, 1] : [1, 0] {
        let contender = contenders[index]
        var members: [Bool] = []
        let start = now()
        _ = values.withUnsafeBufferPointer { contender.mark($0, &members) }
        samples[index].append(now() - start)
        if expected.isEmpty { expected = members }
        precondition(members == expected, "\(contender.name) marked other values")
      }
      expected = []
    }
    let medians = samples.map { $0.sorted()[$0.count / 2] * 1e6 }
    print(
      count, shape, (medians[0] * 10).rounded() / 10, (medians[1] * 10).rounded() / 10,
      (medians[1] / medians[0] * 1000).rounded() / 1000)
  }
}
