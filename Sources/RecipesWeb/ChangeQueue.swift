/// Runs one tab's changes one after another, in the order the tab asked for them.
///
/// A change waits for its storage (a file write, a database transaction), and the main
/// actor serves other tabs meanwhile; without the queue, a favorite and a delete sent in
/// that order could be saved and answered in the other.
@MainActor
final class ChangeQueue {
  private var last: Task<Void, Never>?
  private var pending = 0

  /// Starts `work` after every change enqueued before it has finished.
  func enqueue(_ work: @escaping @MainActor () async -> Void) {
    let previous = last
    pending += 1
    last = Task {
      await previous?.value
      await work()
      self.pending -= 1
    }
  }

  /// Returns once every change enqueued so far, and any they enqueued, has finished.
  func idle() async {
    while pending > 0, let last {
      await last.value
    }
  }
}
