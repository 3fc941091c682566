// The snapshot's table build and the diff's lookups, one item at a time against a block of
// 64 hashes first, timed in one process (2026-11-28; see the README's Performance section).
// Standalone copies of the loops in `Sources/Diffable/Support/IndexedArray.swift` and
// `IndexedArray+Runs.swift` (`_lookUp`), so that both forms run side by side; `one_dict` (a
// `Dictionary<ID, Int>` with reserved capacity) is the benchmark's baseline for the build.
// Run from the repository root:
//
//   swiftc -O Benchmarks/Experiments/hash_blocks_loop.swift -o /tmp/hash_blocks_loop
//   /tmp/hash_blocks_loop [build] [lookups]    # both when neither is named
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

@inline(never) func blackHole<T>(_ value: T) {}

@inline(__always) func hashBits<E: Hashable>(_ element: E) -> UInt64 {
  (UInt64(truncatingIfNeeded: UInt(bitPattern: element.hashValue)) &* 0x9E37_79B9_7F4A_7C15) >> 32
}

func tableScale(_ count: Int) -> Int {
  var scale = 4
  while (1 << scale) >> 1 < count { scale += 1 }
  return scale
}

/// Places `hash` for `offset`; `false` on an equal element already placed.
@inline(__always) func place<E: Hashable>(
  _ offset: Int, _ hash: UInt64, _ scale: Int, _ buckets: UnsafeMutableBufferPointer<UInt64>,
  _ elements: UnsafeBufferPointer<E>
) -> Bool {
  let mask = buckets.count &- 1
  var bucket = Int(truncatingIfNeeded: hash &>> UInt64(32 &- scale))
  while true {
    let entry = buckets[bucket]
    if entry == 0 { break }
    if entry >> 32 == hash,
      elements[Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry)) &- 1] == elements[offset]
    {
      return false
    }
    bucket = (bucket &+ 1) & mask
  }
  buckets[bucket] = (hash << 32) | UInt64(offset &+ 1)
  return true
}

@inline(never) func oneAtATime<E: Hashable>(_ elements: [E]) -> [UInt64] {
  let scale = tableScale(elements.count)
  var table = [UInt64](repeating: 0, count: 1 << scale)
  let unique = table.withUnsafeMutableBufferPointer { buckets in
    elements.withUnsafeBufferPointer { elements in
      for offset in elements.indices {
        if !place(offset, hashBits(elements[offset]), scale, buckets, elements) { return false }
      }
      return true
    }
  }
  precondition(unique)
  return table
}

@inline(never) func inBlocks<E: Hashable>(_ elements: [E]) -> [UInt64] {
  let scale = tableScale(elements.count)
  var table = [UInt64](repeating: 0, count: 1 << scale)
  let unique = table.withUnsafeMutableBufferPointer { buckets in
    elements.withUnsafeBufferPointer { elements in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { hashes in
        var start = 0
        while start < elements.count {
          let end = min(start &+ 64, elements.count)
          for offset in start..<end { hashes[offset &- start] = hashBits(elements[offset]) }
          for offset in start..<end {
            if !place(offset, hashes[offset &- start], scale, buckets, elements) { return false }
          }
          start = end
        }
        return true
      }
    }
  }
  precondition(unique)
  return table
}

/// The offset of `element` (hash bits `hash`) in the table, or -1.
@inline(__always) func find<E: Hashable>(
  _ element: E, _ hash: UInt64, _ scale: Int, _ buckets: UnsafeBufferPointer<UInt64>,
  _ elements: UnsafeBufferPointer<E>
) -> Int {
  let mask = buckets.count &- 1
  var bucket = Int(truncatingIfNeeded: hash &>> UInt64(32 &- scale))
  while true {
    let entry = buckets[bucket]
    if entry == 0 { return -1 }
    if entry >> 32 == hash {
      let offset = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry)) &- 1
      if elements[offset] == element { return offset }
    }
    bucket = (bucket &+ 1) & mask
  }
}

/// Looks up each of `sought` whose slot in `found` holds -2 (all of them here).
@inline(never) func lookUpOneAtATime<E: Hashable>(
  _ sought: [E], in table: [UInt64], _ elements: [E], into found: inout [Int]
) {
  let scale = table.count.trailingZeroBitCount
  table.withUnsafeBufferPointer { buckets in
    elements.withUnsafeBufferPointer { mine in
      for slot in found.indices where found[slot] == -2 {
        found[slot] = find(sought[slot], hashBits(sought[slot]), scale, buckets, mine)
      }
    }
  }
}

@inline(never) func lookUpInBlocks<E: Hashable>(
  _ sought: [E], in table: [UInt64], _ elements: [E], into found: inout [Int]
) {
  let scale = table.count.trailingZeroBitCount
  table.withUnsafeBufferPointer { buckets in
    elements.withUnsafeBufferPointer { mine in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { slots in
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { hashes in
          var next = 0
          while next < found.count {
            var pending = 0
            while next < found.count && pending < 64 {
              if found[next] == -2 {
                slots[pending] = next
                hashes[pending] = hashBits(sought[next])
                pending &+= 1
              }
              next &+= 1
            }
            for index in 0..<pending {
              let slot = slots[index]
              found[slot] = find(sought[slot], hashes[index], scale, buckets, mine)
            }
          }
        }
      }
    }
  }
}

@inline(never) func oneDict<E: Hashable>(_ elements: [E]) -> [E: Int] {
  var positions = [E: Int](minimumCapacity: elements.count)
  for (offset, element) in elements.enumerated() { positions[element] = offset }
  return positions
}

func scramble(_ value: Int) -> Int {
  var z = UInt64(value) &+ 0x9E37_79B9_7F4A_7C15
  z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
  z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
  return Int(bitPattern: UInt(z ^ (z >> 31)))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Each contender's median time in ms over 11 samples, interleaved so that other load hits
/// them alike.
func medianMilliseconds(_ contenders: [(String, () -> Void)], count: Int) -> [Double] {
  let iterations = max(1, 2_000_000 / count)
  var samples = [[Double]](repeating: [], count: contenders.count)
  for _ in 0..<11 {
    for (index, contender) in contenders.enumerated() {
      let start = now()
      for _ in 0..<iterations { contender.1() }
      samples[index].append((now() - start) / Double(iterations) * 1e3)
    }
  }
  return samples.map(median)
}

func compare<E: Hashable>(_ label: String, _ identifiers: [E]) {
  let contenders: [(String, () -> Void)] = [
    ("one at a time", { blackHole(oneAtATime(identifiers)) }),
    ("in blocks", { blackHole(inBlocks(identifiers)) }),
    ("one_dict", { blackHole(oneDict(identifiers)) }),
  ]
  let ms = medianMilliseconds(contenders, count: identifiers.count)
  let ratio = (ms[1] / ms[0] * 1000).rounded() / 1000
  print(
    "\(label) \(identifiers.count): one at a time \(ms[0]) ms, in blocks \(ms[1]) ms "
      + "(\(ratio)×), one_dict \(ms[2]) ms")
}

/// Looks up a tenth of the items, half of them absent (as a diff looks up inserted and
/// moved items), both ways.
func compareLookups<E: Hashable>(_ label: String, _ identifiers: [E], absent: [E]) {
  let table = inBlocks(identifiers)
  let sought = (0..<identifiers.count / 10).map {
    $0 % 2 == 0 ? identifiers[(scramble($0) & Int.max) % identifiers.count] : absent[$0]
  }
  let contenders: [(String, () -> Void)] = [
    (
      "one at a time",
      {
        var found = [Int](repeating: -2, count: sought.count)
        lookUpOneAtATime(sought, in: table, identifiers, into: &found)
        blackHole(found)
      }
    ),
    (
      "in blocks",
      {
        var found = [Int](repeating: -2, count: sought.count)
        lookUpInBlocks(sought, in: table, identifiers, into: &found)
        blackHole(found)
      }
    ),
  ]
  var answers: [[Int]] = []
  for lookUp in [lookUpOneAtATime, lookUpInBlocks] as [([E], [UInt64], [E], inout [Int]) -> Void] {
    var found = [Int](repeating: -2, count: sought.count)
    lookUp(sought, table, identifiers, &found)
    answers.append(found)
  }
  precondition(answers[0] == answers[1], "the two lookups disagree")
  let ms = medianMilliseconds(contenders, count: identifiers.count)
  let ratio = (ms[1] / ms[0] * 1000).rounded() / 1000
  print(
    "lookups \(label) \(sought.count) in \(identifiers.count): one at a time \(ms[0]) ms, "
      + "in blocks \(ms[1]) ms (\(ratio)×)")
}

let arguments = CommandLine.arguments.dropFirst()
for count in [10_000, 100_000, 1_000_000] {
  if arguments.isEmpty || arguments.contains("build") {
    compare("Int", (0..<count).map(scramble))
    compare("String", (0..<count).map { "item-\(scramble($0))-\($0)-padding-text" })
  }
  if arguments.isEmpty || arguments.contains("lookups") {
    compareLookups(
      "Int", (0..<count).map(scramble), absent: (count..<2 * count).map(scramble))
    compareLookups(
      "String", (0..<count).map { "item-\(scramble($0))-\($0)-padding-text" },
      absent: (count..<2 * count).map { "item-\(scramble($0))-\($0)-padding-text" })
  }
}
