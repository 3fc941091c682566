// Hashing the items of a buffer by reading each one out (a copy: a heap string is retained
// and released around its hash) against hashing it through an `inout` access, which the
// library's block hashing did for a day (2026-11-29) and withdrew: the `inout` is a modify
// access, which ThreadSanitizer reports as a race when threads hash one shared snapshot
// (see the README's Performance section). Both loops run over the same arrays in one
// process, interleaved; 36-character strings (UUID text, on the heap, as in the benchmark)
// and `Int`s (no heap storage: the two forms should tie). Run from the repository root:
//
//   swiftc -O Benchmarks/Experiments/hash_in_place_loop.swift -o /tmp/hash_in_place_loop
//   /tmp/hash_in_place_loop
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

@inline(__always) func mixed(_ hashValue: Int) -> UInt64 {
  (UInt64(truncatingIfNeeded: UInt(bitPattern: hashValue)) &* 0x9E37_79B9_7F4A_7C15) >> 32
}

@inline(__always) func hashInPlace<E: Hashable>(_ element: inout E) -> UInt64 {
  mixed(element.hashValue)
}

/// The form before: the element is read out of the buffer and handed to `hashValue`.
@inline(never) func copied<E: Hashable>(_ items: [E], into hashes: UnsafeMutablePointer<UInt64>) {
  items.withUnsafeBufferPointer { buffer in
    for offset in buffer.indices { hashes[offset] = mixed(buffer[offset].hashValue) }
  }
}

/// The form after: an `inout` access to the element where it lies.
@inline(never) func inPlace<E: Hashable>(_ items: [E], into hashes: UnsafeMutablePointer<UInt64>) {
  items.withUnsafeBufferPointer { buffer in
    let base = UnsafeMutablePointer(mutating: buffer.baseAddress!)
    for offset in buffer.indices { hashes[offset] = hashInPlace(&base[offset]) }
  }
}

/// A 36-character hexadecimal string from `key`, laid out as a UUID's text.
func uuidText(_ key: UInt64) -> String {
  var state = key &* 0x9E37_79B9_7F4A_7C15 | 1
  var text = ""
  for index in 0..<36 {
    if [8, 13, 18, 23].contains(index) {
      text.append("-")
      continue
    }
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(state % 10))))
  }
  return text
}

func compare<E: Hashable>(_ label: String, _ items: [E], samples: Int = 21) {
  let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: items.count)
  defer { hashes.deallocate() }
  copied(items, into: hashes)
  inPlace(items, into: hashes)
  var before: [Double] = []
  var after: [Double] = []
  for _ in 0..<samples {
    var start = now()
    copied(items, into: hashes)
    before.append(now() - start)
    start = now()
    inPlace(items, into: hashes)
    after.append(now() - start)
  }
  before.sort()
  after.sort()
  let (b, a) = (before[samples / 2], after[samples / 2])
  print(
    "\(label) n=\(items.count): copied \(b * 1e3) ms, in place \(a * 1e3) ms, ratio \(a / b)")
}

for count in [10_000, 100_000] {
  compare("String", (0..<UInt64(count)).map(uuidText))
  compare("Int", Array(0..<count))
}
