/// A fixed number of flags, one bit each, all clear at first: which old items the diff keeps.
///
/// Bits rather than `Bool`s because a shuffle sets them in random order. At 100,000 items a
/// byte each is 100 KB, more than the first-level cache, and those scattered stores were a
/// fifth of the samples of the diff's main pass on a shuffled list (`perf`, 2026-11-29); as
/// bits they take 12.5 KB.
/// Counting and listing the clear ones also go a word at a time.
///
/// swift-collections' `BitArray` holds the same bits, but it checks its index and its
/// storage's uniqueness on every write and offers no word access, which the loops here need.
@usableFromInline
internal struct _BitFlags {
  /// Bit `i % 64` of word `i / 64` is flag `i`; bits past `count` stay clear.
  @usableFromInline internal var words: [UInt64]
  /// The number of flags.
  @usableFromInline internal let count: Int

  /// `count` clear flags.
  @inlinable
  internal init(count: Int) {
    self.count = count
    words = Array(repeating: 0, count: (count &+ 63) &>> 6)
  }

  /// The flag at `index`, which must be below `count`.
  @inlinable
  internal subscript(index: Int) -> Bool {
    get {
      precondition(index >= 0 && index < count, "_BitFlags: index \(index) out of range")
      return words[index &>> 6] & Self._bit(index) != 0
    }
    set {
      precondition(index >= 0 && index < count, "_BitFlags: index \(index) out of range")
      if newValue {
        words[index &>> 6] |= Self._bit(index)
      } else {
        words[index &>> 6] &= ~Self._bit(index)
      }
    }
  }

  /// The mask of flag `index` in its word.
  @inlinable
  @inline(__always)
  internal static func _bit(_ index: Int) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: index & 63) }

  /// Sets the flag at `index` through `words`; the caller guarantees `index` is in range.
  @inlinable
  @inline(__always)
  internal static func _set(_ index: Int, in words: UnsafeMutableBufferPointer<UInt64>) {
    words[index &>> 6] |= _bit(index)
  }

  /// Sets every flag in `range`.
  ///
  /// - Complexity: O(*r* / 64) for a range of *r*.
  @inlinable
  internal mutating func setAll(in range: Range<Int>) {
    guard let wordRange = _words(of: range, "setAll(in:)") else { return }
    words.withUnsafeMutableBufferPointer { words in
      for word in wordRange {
        words[word] |= Self._mask(word: word, of: range)
      }
    }
  }

  /// Calls `body` with each index in `range` whose flag is clear, in increasing order.
  ///
  /// - Complexity: O(*r* / 64 + *c*) for *c* clear flags in a range of *r*.
  @inlinable
  internal func forEachClear(in range: Range<Int>, _ body: (Int) throws -> Void) rethrows {
    guard let wordRange = _words(of: range, "forEachClear(in:)") else { return }
    for word in wordRange {
      var clear = ~words[word] & Self._mask(word: word, of: range)
      while clear != 0 {
        try body(word &<< 6 | clear.trailingZeroBitCount)
        clear &= clear &- 1
      }
    }
  }

  /// The number of clear flags in `range`.
  ///
  /// - Complexity: O(*r* / 64) for a range of *r*.
  @inlinable
  internal func countClear(in range: Range<Int>) -> Int {
    guard let wordRange = _words(of: range, "countClear(in:)") else { return 0 }
    var clear = 0
    for word in wordRange {
      clear &+= (~words[word] & Self._mask(word: word, of: range)).nonzeroBitCount
    }
    return clear
  }

  /// The words that `range` meets, or `nil` when it is empty; stops with a message naming
  /// `method` when `range` is not within the flags.
  @inlinable
  @inline(__always)
  internal func _words(of range: Range<Int>, _ method: StaticString) -> ClosedRange<Int>? {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= count,
      "_BitFlags.\(method): range \(range) out of 0..<\(count)")
    guard !range.isEmpty else { return nil }
    return (range.lowerBound &>> 6)...((range.upperBound &- 1) &>> 6)
  }

  /// The bits of word `word` that belong to `range` (non-empty, and meeting that word).
  @inlinable
  @inline(__always)
  internal static func _mask(word: Int, of range: Range<Int>) -> UInt64 {
    let start = word &<< 6
    var mask = UInt64.max
    if range.lowerBound > start { mask &= UInt64.max &<< UInt64(range.lowerBound &- start) }
    let end = start &+ 64
    if range.upperBound < end { mask &= UInt64.max &>> UInt64(end &- range.upperBound) }
    return mask
  }
}
