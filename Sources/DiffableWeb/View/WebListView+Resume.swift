import DiffableDataSource

// What a view keeps so that a page whose connection dropped can resume: the messages its
// page has not acknowledged (ResumeLog), and, from the moment the connection drops, the
// snapshot the page was last sent, to diff against when the log no longer reaches back.
extension WebListView {
  /// Records a structure or batch just sent, when the session keeps a log. A structure
  /// is not kept: a page without it is sent a fresh one (see ``ResumeLog``).
  func recordForResume(_ message: ServerMessage, text: String) {
    switch message {
    case .structure(_, let seq, _):
      resumeLog?.restart(at: seq)
    case .batch(_, let seq, _, _, _, _):
      resumeLog?.record(seq: seq, text: text)
    case .cells, .error, .app, .session:
      break
    }
  }

  /// The page applied every message up to `seq`.
  func acknowledgeForResume(_ seq: Int) {
    resumeLog?.acknowledge(through: seq)
  }

  /// The connection dropped: keeps the data source's snapshot as of the last message sent.
  /// Copying a snapshot shares its storage, so this costs O(1) until the data source
  /// changes.
  func keepResumeBase() {
    guard resumeLog != nil, let dataSource else { return }
    var capture = ResumeBaseCapture()
    resumeBase =
      dataSource.listView(self, visitSnapshot: &capture)
      ? capture.base.map { (seq: seq, snapshot: $0) } : nil
  }

  /// How a page that applied `seen` (`nil`: nothing) catches up with this view.
  func catchUpMode(seen: Int?) -> WireSession.CatchUp {
    guard let seen, let resumeLog else { return .restart }
    if seen == seq { return .current }
    if resumeLog.replayStart(after: seen, current: seq) != nil { return .replay }
    if let resumeBase, resumeBase.seq == seen { return .resync }
    return .restart
  }

  /// Sends what `catchUpMode(seen:)` promised, through `push` for messages already sent
  /// once (a replay) and the session for new ones.
  func catchUp(_ mode: WireSession.CatchUp, seen: Int?, push: (String) -> Void) {
    defer { resumeBase = nil }
    switch mode {
    case .current:
      break
    case .replay:
      for text in resumeLog?.messages(after: seen ?? 0, current: seq) ?? [] { push(text) }
    case .resync:
      guard let seen, let base = resumeBase?.snapshot, let dataSource else {
        return reloadData()
      }
      var diff = ResumeBaseDiff(base: base)
      guard dataSource.listView(self, visitSnapshot: &diff), let update = diff.update else {
        return reloadData()
      }
      // The batch must follow what the page has; the messages sent since are void. The
      // app made no such batch, so its hook does not hear of it.
      seq = seen
      resumeLog?.restart(at: seen)
      let hook = didSendBatch
      didSendBatch = nil
      performBatchUpdates(update, animated: true, completion: nil)
      didSendBatch = hook
    case .restart:
      reloadData()
    }
  }
}

/// A snapshot kept for a page that may resume, with its identifier types.
protocol ResumeBase: AnyObject {}

final class SnapshotResumeBase<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
  ResumeBase
{
  let snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  init(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
    self.snapshot = snapshot
  }
}

/// Takes the data source's snapshot.
struct ResumeBaseCapture: ListViewSnapshotVisitor {
  var base: (any ResumeBase)?

  mutating func visit<SectionIdentifierType, ItemIdentifierType>(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    base = SnapshotResumeBase(snapshot)
  }
}

/// Diffs a kept snapshot against the data source's current one (of the same types).
struct ResumeBaseDiff: ListViewSnapshotVisitor {
  let base: any ResumeBase
  var update: BatchUpdate?

  mutating func visit<SectionIdentifierType, ItemIdentifierType>(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    guard let old = base as? SnapshotResumeBase<SectionIdentifierType, ItemIdentifierType>
    else { return }
    update = BatchUpdate(from: old.snapshot, to: snapshot)
  }
}
