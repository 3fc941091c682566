import Testing

@testable import DiffableWeb

@Suite("Resume log: what a view keeps for a page that may come back")
struct ResumeLogTests {
  @Test func replaysWhatFollowsTheSeenSeqUntilAcknowledged() {
    var log = ResumeLog(maximumBytes: 1_000)
    log.record(seq: 1, text: "s1", isStructure: true)
    log.record(seq: 2, text: "b2", isStructure: false)
    log.record(seq: 3, text: "b3", isStructure: false)
    #expect(log.messages(after: 1, current: 3) == ["b2", "b3"])
    #expect(log.messages(after: 3, current: 3) == [])
    #expect(log.messages(after: 0, current: 3) == ["s1", "b2", "b3"])
    #expect(log.messages(after: 4, current: 3) == nil, "a seq never sent")
    log.acknowledge(through: 2)
    #expect(log.entries.map(\.seq) == [3])
    #expect(log.messages(after: 2, current: 3) == ["b3"])
    #expect(log.messages(after: 1, current: 3) == nil, "acknowledged messages are gone")
  }

  @Test func aStructureReplacesEverythingBeforeIt() {
    var log = ResumeLog(maximumBytes: 1_000)
    log.record(seq: 1, text: "b1", isStructure: false)
    log.record(seq: 2, text: "s2", isStructure: true)
    log.record(seq: 3, text: "b3", isStructure: false)
    #expect(log.entries.map(\.seq) == [2, 3])
    // However old the page's state, the structure restarts it.
    #expect(log.messages(after: 0, current: 3) == ["s2", "b3"])
    #expect(log.messages(after: 2, current: 3) == ["b3"])
  }

  @Test func theOldestGoPastTheLimitsAndThePageBehindThemIsNotReplayed() {
    var log = ResumeLog(maximumBytes: 10)
    log.record(seq: 1, text: "aaaa", isStructure: false)
    log.record(seq: 2, text: "bbbb", isStructure: false)
    log.record(seq: 3, text: "cccc", isStructure: false)
    #expect(log.entries.map(\.seq) == [2, 3])
    #expect(log.bytes == 8)
    #expect(log.messages(after: 0, current: 3) == nil)
    #expect(log.messages(after: 1, current: 3) == ["bbbb", "cccc"])
    var counted = ResumeLog(maximumBytes: 1 << 20)
    for seq in 1...(ResumeLog.maximumEntries + 10) {
      counted.record(seq: seq, text: "x", isStructure: false)
    }
    #expect(counted.entries.count == ResumeLog.maximumEntries)
    #expect(counted.floor == 10)
  }

  @Test func aGapStartsTheLogAgain() {
    var log = ResumeLog(maximumBytes: 1_000)
    log.record(seq: 1, text: "b1", isStructure: false)
    log.record(seq: 5, text: "b5", isStructure: false)
    #expect(log.entries.map(\.seq) == [5])
    #expect(log.messages(after: 1, current: 5) == nil)
    #expect(log.messages(after: 4, current: 5) == ["b5"])
    #expect(log.messages(after: 4, current: 6) == nil, "the log must reach the current seq")
  }
}
