extension _IndexedArray {
  // A snapshot built section by section appends each section's array to the storage. For
  // heap items, copying them there retains each one (and the storage releases each when it
  // goes), where a snapshot of one section shares the caller's array and touches no
  // reference count. So while a snapshot is being built, appends may go to storage that
  // borrows: `_BorrowedElements` keeps each appended array and copies its elements' bytes.
  //
  // Reads go through `_withElements`, which hands out either storage as a buffer (the
  // subscript, which callers may run unspecialized, reads each storage directly). Any other
  // change first copies the elements into an owned array, retaining each once
  // (`_makeOwned`): `elements`' `_modify` does that, so the mutations elsewhere work on
  // an array as before.
  //
  // Each check for that storage first asks `_borrowsThroughSlot`, a constant once the code
  // is specialized, so that for other types (`Int`, `UUID`) the checks compile away.

  /// The elements as an array. From storage that borrows, a new array (O(*n*), one retain
  /// per element); changing it through this property first makes the storage owned.
  @inlinable
  internal var elements: [Element] {
    get {
      guard Self._borrowsThroughSlot, let borrowed = _borrowed else { return _owned }
      return Array(borrowed.buffer)
    }
    _modify {
      _makeOwned()
      yield &_owned
    }
    set {
      _borrowed = nil
      _owned = newValue
    }
  }

  /// Calls `body` with the elements, from whichever storage holds them, without copying.
  @inlinable
  @inline(__always)
  internal func _withElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result)
    -> Result
  {
    Self._withElements(_owned, _borrowed, body)
  }

  /// ``_withElements(_:)`` given the two storages: for a caller that must not read `self`
  /// while it changes the table.
  @inlinable
  @inline(__always)
  internal static func _withElements<Result>(
    _ owned: [Element], _ borrowed: _BorrowedElements<Element>?,
    _ body: (UnsafeBufferPointer<Element>) -> Result
  ) -> Result {
    // `body` is called from one place: called from two (one per storage), it was no longer
    // inlined into the diff's loops, which then ran 7% more instructions on `Int`s
    // (callgrind), though the second call is dead code for such types.
    owned.withUnsafeBufferPointer { ownedElements in
      let elements = _borrowsThroughSlot ? borrowed?.buffer ?? ownedElements : ownedElements
      let result = body(elements)
      withExtendedLifetime(borrowed) {}
      return result
    }
  }

  /// Whether an append of `count` elements should go to storage that borrows: only for heap
  /// items that may be moved by copying their bytes (`_borrowsThroughSlot`), and only when
  /// the storage already borrows or the append is at least a quarter of what is stored. The
  /// storage turns owned again at the next other change, retaining every element; the
  /// quarter bounds that cost by a constant times the elements appended while it borrowed,
  /// so appends of a few items between moves do not copy the whole storage each time.
  @inlinable
  internal func _shouldBorrow(adding count: Int) -> Bool {
    Self._borrowsThroughSlot && (_borrowed != nil || count &* 4 >= self.count)
  }

  /// Whether the storage borrows and no other array shares it.
  @inlinable
  internal mutating func _borrowsUniquely() -> Bool {
    Self._borrowsThroughSlot && _borrowed != nil && isKnownUniquelyReferenced(&_borrowed)
  }

  /// Makes the storage borrow, unshared, with room for `minimumCapacity` elements (at least
  /// doubling when it grows). Owned elements move in as the first borrowed array, which
  /// shares the array's storage.
  ///
  /// - Complexity: O(*n*) when it copies or grows (bytes only: no element is retained, each
  ///   kept array is); O(1) otherwise.
  @inlinable
  internal mutating func _borrow(minimumCapacity: Int) {
    guard _borrowed != nil else {
      let storage = _BorrowedElements<Element>(
        capacity: Swift.max(minimumCapacity, _owned.capacity))
      if !_owned.isEmpty { storage.append(ContiguousArray(_owned)) }
      _owned = []
      _borrowed = storage
      return
    }
    // Checked before any other reference to the storage is taken here.
    if isKnownUniquelyReferenced(&_borrowed)
      && minimumCapacity <= _borrowed.unsafelyUnwrapped.capacity
    {
      return
    }
    let borrowed = _borrowed.unsafelyUnwrapped
    let capacity =
      minimumCapacity <= borrowed.capacity
      ? borrowed.capacity : Swift.max(minimumCapacity, borrowed.capacity &* 2)
    _borrowed = borrowed.copy(capacity: capacity)
  }

  /// Copies borrowed elements into an owned array (one retain each), keeping the room
  /// reserved; nothing when the storage is owned.
  ///
  /// - Complexity: O(*n*) when the storage borrows; O(1) otherwise.
  @inlinable
  internal mutating func _makeOwned() {
    guard Self._borrowsThroughSlot, let borrowed = _borrowed else { return }
    var owned: [Element] = []
    owned.reserveCapacity(borrowed.capacity)
    owned.append(contentsOf: borrowed.buffer)
    _owned = owned
    _borrowed = nil
  }

  /// The elements at `range`, as a new array.
  ///
  /// - Complexity: O(*k*) for *k* elements in `range`.
  @inlinable
  internal func elements(in range: Range<Int>) -> [Element] {
    _withElements { Array($0[range]) }
  }

  /// Whether the elements at `range` equal those of `other` at `otherRange`, in order.
  ///
  /// - Complexity: O(*k*) for *k* elements in `range`; O(1) when both name the same
  ///   elements of one storage (as `Array`'s `==` answers for a shared array).
  @inlinable
  internal func elementsEqual(
    in range: Range<Int>, _ other: _IndexedArray, in otherRange: Range<Int>
  ) -> Bool {
    guard range.count == otherRange.count else { return false }
    if !Self._borrowsThroughSlot || (_borrowed == nil && other._borrowed == nil) {
      // `Array`'s own `==` where both are arrays: it was 1.1-1.9 times faster than the loop
      // below on equal snapshots of `Int`s, `UUID`s and strings (the `no-change` rows).
      return range == _owned.indices && otherRange == other._owned.indices
        ? _owned == other._owned : _owned[range] == other._owned[otherRange]
    }
    return _withElements { mine in
      other._withElements { theirs in
        if mine.baseAddress == theirs.baseAddress && range == otherRange { return true }
        // Each pair read without a retain (`_elementsEqual`): `elementsEqual` on the two
        // slices copied every item, and took 7.4 times as long on 100,000 strings.
        var other = otherRange.lowerBound
        for offset in range {
          if !Self._elementsEqual(mine, offset, theirs, other) { return false }
          other &+= 1
        }
        return true
      }
    }
  }
}
