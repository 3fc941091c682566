// The snapshot's table build, one item at a time against a block of 64 hashes first, timed
// in one process (2026-11-28; see the README's Performance section). A standalone copy of
// the loop in `Sources/Diffable/Support/IndexedArray.swift`, so that both forms run side by
// side; `one_dict` (a `Dictionary<ID, Int>` with reserved capacity) is the benchmark's
// baseline. Run from the repository root:
//
//   swiftc -O Benchmarks/Experiments/hash_blocks_loop.swift -o /tmp/hash_blocks_loop
//   /tmp/hash_blocks_loop
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

func compare<E: Hashable>(_ label: String, _ identifiers: [E]) {
  let contenders: [(String, () -> Void)] = [
    ("one at a time", { blackHole(oneAtATime(identifiers)) }),
    ("in blocks", { blackHole(inBlocks(identifiers)) }),
    ("one_dict", { blackHole(oneDict(identifiers)) }),
  ]
  let iterations = max(1, 2_000_000 / identifiers.count)
  var samples = [[Double]](repeating: [], count: contenders.count)
  for _ in 0..<11 {  // interleaved, so that other load hits all three alike
    for (index, contender) in contenders.enumerated() {
      let start = now()
      for _ in 0..<iterations { contender.1() }
      samples[index].append((now() - start) / Double(iterations) * 1e3)
    }
  }
  let ms = samples.map(median)
  let ratio = (ms[1] / ms[0] * 1000).rounded() / 1000
  print("\(label) \(identifiers.count): one at a time \(ms[0]) ms, in blocks \(ms[1]) ms "
    + "(\(ratio)×), one_dict \(ms[2]) ms")
}

for count in [10_000, 100_000, 1_000_000] {
  compare("Int", (0..<count).map(scramble))
  compare("String", (0..<count).map { "item-\(scramble($0))-\($0)-padding-text" })
}
