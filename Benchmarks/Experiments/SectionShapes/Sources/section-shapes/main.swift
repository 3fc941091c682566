// Times building a snapshot section by section against building it from one array of the
// same items, for several section shapes, and prints the ratio of the two medians. Each
// shape runs in a process of its own (this program starts itself again), as allocations
// left by one shape change what the next one finds in the heap.
import Diffable

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

@inline(never) func sectioned(_ sections: [[Int]]) -> Int {
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections(Array(sections.indices))
  for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
  return snapshot.numberOfItems
}

@inline(never) func flat(_ items: [Int]) -> Int {
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections([0])
  snapshot.appendItems(items, toSection: 0)
  return snapshot.numberOfItems
}

/// The median ratio of the sectioned build to the flat one, over 401 interleaved pairs.
func measure(perSection: Int, count: Int) -> Double {
  let items = Array(0..<count)
  let sections = stride(from: 0, to: count, by: perSection).map {
    Array(items[$0..<min($0 + perSection, count)])
  }
  var (sectionedTimes, flatTimes) = ([Double](), [Double]())
  var total = 0
  for _ in 0..<401 {
    var start = now()
    total &+= sectioned(sections)
    sectionedTimes.append(now() - start)
    start = now()
    total &+= flat(items)
    flatTimes.append(now() - start)
  }
  precondition(total == 802 * count)
  return sectionedTimes.sorted()[200] / flatTimes.sorted()[200]
}

let arguments = CommandLine.arguments
if arguments.count == 3, let perSection = Int(arguments[1]), let count = Int(arguments[2]) {
  print(measure(perSection: perSection, count: count))
} else {
  // Each shape in five processes; the median of their ratios.
  print("sections        items    sectioned/flat (median of 5 processes; min-max)")
  for (perSection, count) in [
    (5_000, 10_000), (2_500, 10_000), (1_000, 10_000), (100, 10_000),
    (50_000, 100_000), (25_000, 100_000), (1_000, 100_000),
  ] {
    var ratios: [Double] = []
    for _ in 0..<5 {
      // popen runs the command through the shell: the arguments are numbers.
      guard let pipe = popen("\(arguments[0]) \(perSection) \(count)", "r") else { continue }
      var line = [CChar](repeating: 0, count: 64)
      if fgets(&line, 64, pipe) != nil {
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if let ratio = Double(text.filter { $0 != "\n" }) { ratios.append(ratio) }
      }
      pclose(pipe)
    }
    ratios.sort()
    func padded(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    func rounded(_ ratio: Double) -> Double { (ratio * 1000).rounded() / 1000 }
    let figures =
      ratios.isEmpty
      ? "failed"
      : "\(rounded(ratios[ratios.count / 2])) (\(rounded(ratios[0]))-\(rounded(ratios.last!)))"
    print(padded("\(count / perSection) × \(perSection)", 16) + padded(String(count), 9) + figures)
  }
}
