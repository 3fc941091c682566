import Testing

@testable import DiffableWeb

@Suite("Resume log: what a view keeps for a page that may come back")
struct ResumeLogTests {
  @Test func replaysWhatFollowsTheSeenSeqUntilAcknowledged() {
    var log = ResumeLog(maximumBytes: 1_000)
    log.restart(at: 1)  // a structure was sent as seq 1
    log.record(seq: 2, text: "b2")
    log.record(seq: 3, text: "b3")
    #expect(log.messages(after: 1, current: 3) == ["b2", "b3"])
    #expect(log.messages(after: 3, current: 3) == [])
    #expect(log.messages(after: 4, current: 3) == nil, "a seq never sent")
    log.acknowledge(through: 2)
    #expect(log.entries.map(\.seq) == [3])
    #expect(log.messages(after: 2, current: 3) == ["b3"])
    #expect(log.messages(after: 1, current: 3) == nil, "acknowledged messages are gone")
  }

  /// Regression (memory): the structure's text was kept until the page acknowledged it,
  /// which a page never does, so every idle session held its whole list's message.
  @Test func aStructureIsNotKeptAndThePageWithoutItStartsAgain() {
    var log = ResumeLog(maximumBytes: 1_000)
    log.record(seq: 1, text: "b1")
    log.restart(at: 2)  // a structure was sent as seq 2
    #expect(log.entries.isEmpty)
    #expect(log.bytes == 0)
    log.record(seq: 3, text: "b3")
    #expect(log.entries.map(\.seq) == [3])
    #expect(log.messages(after: 2, current: 3) == ["b3"])
    #expect(log.messages(after: 0, current: 3) == nil, "older than the structure: restart")
    #expect(log.messages(after: 1, current: 3) == nil)
  }

  @Test func theOldestGoPastTheLimitsAndThePageBehindThemIsNotReplayed() {
    var log = ResumeLog(maximumBytes: 10)
    log.record(seq: 1, text: "aaaa")
    log.record(seq: 2, text: "bbbb")
    log.record(seq: 3, text: "cccc")
    #expect(log.entries.map(\.seq) == [2, 3])
    #expect(log.bytes == 8)
    #expect(log.messages(after: 0, current: 3) == nil)
    #expect(log.messages(after: 1, current: 3) == ["bbbb", "cccc"])
    var counted = ResumeLog(maximumBytes: 1 << 20)
    for seq in 1...(ResumeLog.maximumEntries + 10) {
      counted.record(seq: seq, text: "x")
    }
    #expect(counted.entries.count == ResumeLog.maximumEntries)
    #expect(counted.floor == 10)
  }

  @Test func aGapStartsTheLogAgain() {
    var log = ResumeLog(maximumBytes: 1_000)
    log.record(seq: 1, text: "b1")
    log.record(seq: 5, text: "b5")
    #expect(log.entries.map(\.seq) == [5])
    #expect(log.messages(after: 1, current: 5) == nil)
    #expect(log.messages(after: 4, current: 5) == ["b5"])
    #expect(log.messages(after: 4, current: 6) == nil, "the log must reach the current seq")
  }
}
