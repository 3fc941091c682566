extension _IndexedArray {
  // Reading an element out of a buffer to hash or compare it makes a copy: the compiler
  // cannot prove that the call it makes (`hashValue`, `==`, opaque to it) leaves the buffer
  // alone, so it retains the element first and releases it after. For a long string that
  // pair was a fifth of building a snapshot of 100,000 of them (`perf`, 2026-11-29).
  // Array, `Span` and pointer reads all did it (Swift 6.3's assembly).
  //
  // The two functions below instead copy the element's bytes to a slot on the stack, move
  // the value out of the slot, use it, and move it back; the slot is then dropped without
  // destroying what it holds. The value is never retained or released: it borrows the
  // reference that the buffer holds, which the caller keeps alive for the call (every
  // caller reads a buffer of an array it holds). The buffer is only read, so threads that
  // read one shared snapshot do not race (an `inout` borrow did: see `_withHashBlocks`).
  //
  // Only for types that may be moved by copying their bytes (`_isBitwiseTakable`: not, on
  // Apple platforms, a type holding an Objective-C weak reference) and that have something
  // to retain (not `_isPOD`); the others are read as usual. Both tests are constants once
  // the code is specialized for a type whose layout this module can see (for a resilient
  // type of another module they are read at run time, with the same result).
  //
  // The code is written out in each function: passing the value to a closure, in one
  // shared helper, brought the retain and release back.

  /// Whether elements are read through a stack slot rather than copied (see above).
  @inlinable
  @inline(__always)
  internal static var _borrowsThroughSlot: Bool {
    !_isPOD(Element.self) && _isBitwiseTakable(Element.self)
  }

  /// ``_hashBits(_:)`` of `elements[offset]`, read without a retain (see above).
  @inlinable
  @inline(__always)
  internal static func _hashBits(at offset: Int, of elements: UnsafeBufferPointer<Element>)
    -> UInt64
  {
    guard _borrowsThroughSlot else { return _hashBits(elements[offset]) }
    // The slot path reads through the base address, past the buffer's own bounds check.
    assert(elements.indices.contains(offset), "_hashBits(at:of:): offset \(offset) out of range")
    return withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { slot in
      let slot = slot.baseAddress!
      UnsafeMutableRawPointer(slot).copyMemory(
        from: elements.baseAddress! + offset, byteCount: MemoryLayout<Element>.size)
      let element = slot.move()
      let hash = _hashBits(element)
      slot.initialize(to: element)
      return hash
    }
  }

  /// Whether `elements[offset] == others[otherOffset]`, both read without a retain (see
  /// above).
  @inlinable
  @inline(__always)
  internal static func _elementsEqual(
    _ elements: UnsafeBufferPointer<Element>, _ offset: Int,
    _ others: UnsafeBufferPointer<Element>, _ otherOffset: Int
  ) -> Bool {
    guard _borrowsThroughSlot else { return elements[offset] == others[otherOffset] }
    assert(
      elements.indices.contains(offset) && others.indices.contains(otherOffset),
      "_elementsEqual: offset \(offset) or \(otherOffset) out of range")
    return withUnsafeTemporaryAllocation(of: Element.self, capacity: 2) { slots in
      let slot = slots.baseAddress!
      let size = MemoryLayout<Element>.size
      UnsafeMutableRawPointer(slot).copyMemory(
        from: elements.baseAddress! + offset, byteCount: size)
      UnsafeMutableRawPointer(slot + 1).copyMemory(
        from: others.baseAddress! + otherOffset, byteCount: size)
      let element = slot.move()
      let other = (slot + 1).move()
      let equal = element == other
      slot.initialize(to: element)
      (slot + 1).initialize(to: other)
      return equal
    }
  }
}
