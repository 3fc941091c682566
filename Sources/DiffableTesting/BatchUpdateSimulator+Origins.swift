#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The origins live here rather than inside the generic `BatchUpdateReplay`: a type nested
// in a generic type is generic itself, and debug builds look up its metadata on every use,
// once per item in the replay's hot loops.

extension BatchUpdateSimulator {
  /// Where a section after the update comes from.
  public enum SectionOrigin: Hashable, Sendable, CustomStringConvertible {
    /// An old section that neither moves nor reloads; it slides past deleted and inserted
    /// sections and keeps its cells. `from` is its index before the update.
    case kept(from: Int)
    /// An old section that moves, with its cells, from the index `from` before the update.
    case moved(from: Int)
    /// A section inserted by the batch; every cell is fetched from the new snapshot.
    case inserted
    /// An old section reloaded in place, from the index `from` before the update; every
    /// cell is fetched from the new snapshot.
    case reloaded(from: Int)

    /// Whether the section's cells are all new: the section is inserted or reloaded.
    public var isFresh: Bool {
      switch self {
      case .inserted, .reloaded: true
      case .kept, .moved: false
      }
    }

    /// A phrase such as `moved from section 2`.
    public var description: String {
      switch self {
      case .kept(let from): "kept from section \(from)"
      case .moved(let from): "moved from section \(from)"
      case .inserted: "inserted"
      case .reloaded(let from): "reloaded from section \(from)"
      }
    }
  }

  /// Where a cell after the update comes from.
  public enum CellOrigin: Hashable, Sendable, CustomStringConvertible {
    /// An old cell that is neither deleted, moved nor reloaded: it stays in its section
    /// (which may itself move) and slides past deletes and inserts. `from` is its index
    /// path before the update.
    case kept(from: IndexPath)
    /// An old cell that moves from the index path `from` before the update.
    case moved(from: IndexPath)
    /// A cell inserted by the batch, fetched from the new snapshot.
    case inserted
    /// A new cell that replaces, in place, the reloaded cell at `from` before the update;
    /// its content is fetched from the new snapshot.
    case reloaded(from: IndexPath)
    /// A cell of an inserted or reloaded section, fetched from the new snapshot.
    case inFreshSection

    /// Whether the cell is new (inserted, reloaded, or in a fresh section) rather than an
    /// existing cell that keeps its state.
    public var isFresh: Bool {
      switch self {
      case .inserted, .reloaded, .inFreshSection: true
      case .kept, .moved: false
      }
    }

    /// The cell's index path before the update, if the cell existed: the `from` of a
    /// kept, moved or reloaded cell.
    public var oldIndexPath: IndexPath? {
      switch self {
      case .kept(let from), .moved(let from), .reloaded(let from): from
      case .inserted, .inFreshSection: nil
      }
    }

    /// A phrase such as `moved from item 3 in section 0`.
    public var description: String {
      switch self {
      case .kept(let from): "kept from \(describe(from))"
      case .moved(let from): "moved from \(describe(from))"
      case .inserted: "inserted"
      case .reloaded(let from): "reloaded from \(describe(from))"
      case .inFreshSection: "in a fresh section"
      }
    }
  }
}

extension BatchUpdateSimulator {
  /// Where a cell after the update comes from, by flattened old index: the replay's working
  /// form of ``CellOrigin``, one per item, which a view that carries cells reads as it is.
  /// Packed into one word (the old index times four, plus the kind), as a replay writes
  /// and reads one per item.
  struct FlatCellOrigin {
    enum Kind { case kept, moved, reloaded, inserted, inFreshSection }

    /// `from << 2` plus 0 (kept), 1 (moved) or 2 (reloaded); −1 inserted; −2 in a fresh
    /// section.
    private let raw: Int

    static func kept(from: Int) -> Self { Self(raw: from << 2) }
    static func moved(from: Int) -> Self { Self(raw: from << 2 | 1) }
    static func reloaded(from: Int) -> Self { Self(raw: from << 2 | 2) }
    // Computed, not stored: a stored `static let` is a lazily initialized global, which
    // unoptimized builds check at each use, and these are written once per item.
    static var inserted: Self { Self(raw: -1) }
    static var inFreshSection: Self { Self(raw: -2) }

    var kind: Kind {
      switch raw {
      case -1: .inserted
      case ..<0: .inFreshSection
      default: raw & 3 == 0 ? .kept : raw & 3 == 1 ? .moved : .reloaded
      }
    }

    /// The flattened old index of a kept, moved or reloaded cell.
    var from: Int { raw >> 2 }

    var isFresh: Bool { raw < 0 || raw & 3 == 2 }

    /// The flattened old index of the cell that carries over: a kept or moved cell's.
    var carriedCell: Int? { raw >= 0 && raw & 3 != 2 ? raw >> 2 : nil }
  }

  /// A checked replay without its cells: where each position after the update gets its
  /// cell, and which positions are reconfigured. What `RecordingListView` needs per batch.
  struct CellPlacement {
    /// One origin per item after the update, in reading order.
    var origins: [FlatCellOrigin]
    /// The flattened indexes, after the update, of the reconfigured cells.
    var reconfigured: Set<Int>
  }
}
