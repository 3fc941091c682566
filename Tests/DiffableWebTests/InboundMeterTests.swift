import DiffableTestSupport
import Foundation
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOWebSocket
import Testing

@testable import DiffableWeb

/// A client's WebSocket frame as bytes: masked with a zero key (the payload goes as is),
/// its length in the shortest field unless `lengthField` (2 or 8 bytes) is given.
private func frame(
  _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true,
  lengthField: Int? = nil
) -> [UInt8] {
  let count = payload.count
  let field = lengthField ?? (count < 126 ? 0 : count <= 0xFFFF ? 2 : 8)
  let mask: UInt8 = masked ? 0x80 : 0
  var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
  switch field {
  case 0: bytes.append(mask | UInt8(count))
  case 2: bytes += [mask | 126] + withUnsafeBytes(of: UInt16(count).bigEndian, Array.init)
  default: bytes += [mask | 127] + withUnsafeBytes(of: UInt64(count).bigEndian, Array.init)
  }
  return bytes + (masked ? [0, 0, 0, 0] : []) + payload
}

/// A connection's pipeline after its upgrade, as ``InboundMeter/Installer`` leaves it.
private func meteredChannel(_ budget: ByteBudget, limit: Int = .max) throws -> (
  EmbeddedChannel, InboundMeter
) {
  let channel = EmbeddedChannel()
  try channel.connect(to: .init(ipAddress: "127.0.0.1", port: 1)).wait()
  let meter = InboundMeter(budget: budget, limit: limit)
  let operations = channel.pipeline.syncOperations
  try operations.addHandler(
    InboundMeter.SocketBytes(meter: meter, logger: Logger(label: "test")))
  try operations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
  try operations.addHandler(
    InboundMeter.DecodedFrames(meter: meter, logger: Logger(label: "test")))
  return (channel, meter)
}

/// Closes `channel` if it is open and lets its event loop tear the pipeline down: a
/// channel left open, or closed without that, keeps its pipeline alive, which
/// LeakSanitizer reports (CI).
private func release(_ channel: EmbeddedChannel) {
  _ = try? channel.close().wait()
  channel.embeddedEventLoop.run()
}

private func write(_ bytes: [UInt8], to channel: EmbeddedChannel) throws {
  try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
}

@Suite("What pages have sent that the server holds, against a budget")
struct InboundMeterTests {
  /// The meter counts a frame as its payload and the shortest header for it: exactly what
  /// a browser sends, for each length field and with or without a mask.
  @Test(arguments: [0, 1, 125, 126, 65_535, 65_536], [true, false])
  func aFrameCountsAsTheBytesThatCarriedIt(payload: Int, masked: Bool) throws {
    let bytes = frame(0x1, Array(repeating: 0x20, count: payload), masked: masked)
    let channel = EmbeddedChannel(
      handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
    defer { release(channel) }
    try write(bytes, to: channel)
    let decoded = try #require(try channel.readInbound(as: WebSocketFrame.self))
    #expect(InboundMeter.wireSize(decoded) == bytes.count)
  }

  /// Every byte read is given back once it has been used: a message's frames, and the
  /// control frames before its end, when the reader has taken it; a pong at once, dropped.
  /// Each frame also counts its overhead until then. The frames come split at random
  /// points (the seed is printed), as the socket hands them over.
  @Test func everyByteReadIsGivenBackOnceItsMessageIsTaken() throws {
    var random = SeededGenerator(seed: RandomizedTesting.seed("inbound frames split"))
    let budget = ByteBudget(limit: 1 << 30, expectedHolders: 1)
    let (channel, meter) = try meteredChannel(budget)
    let first = frame(0x1, Array("{\"a\":".utf8), fin: false)
    let ping = frame(0x9, Array("hi".utf8))
    let middle = frame(0x0, Array(repeating: 0x20, count: 300), fin: false)
    let pong = frame(0xA, [])
    let last = frame(0x0, Array("1}".utf8))
    let binary = frame(0x2, Array(repeating: 7, count: 70_000))
    let stream = first + ping + middle + pong + last + binary
    var start = 0
    while start < stream.count {
      let end = min(stream.count, start + Int(random.next() % 4_096) + 1)
      try write(Array(stream[start..<end]), to: channel)
      start = end
    }
    let overhead = InboundMeter.frameOverhead
    let messages = [
      first.count + ping.count + middle.count + last.count + 4 * overhead,
      binary.count + overhead,
    ]
    #expect(meter.heldBytes == messages.reduce(0, +), "the pong is done with")
    #expect(budget.heldBytes == meter.heldBytes)
    var opcodes: [WebSocketOpcode] = []
    while let frame = try channel.readInbound(as: WebSocketFrame.self) {
      opcodes.append(frame.opcode)
    }
    #expect(opcodes == [.text, .ping, .continuation, .continuation, .binary], "no pong")
    meter.taken()
    #expect(meter.heldBytes == messages[1])
    meter.taken()
    #expect(meter.heldBytes == 0)
    #expect(budget.heldBytes == 0)
    release(channel)
    #expect(budget.holderCount == 0, "the connection's end gives its share back")
  }

  /// Empty frames cost the server more than their 6 bytes on the wire: each counts
  /// `frameOverhead` besides, so a flood of them takes a connection over its share (here
  /// the whole budget of 1,000) where their bytes alone (120) would not.
  @Test func aFloodOfEmptyFramesCountsWhatItHolds() throws {
    for opcode: UInt8 in [0x0, 0x9] {
      let budget = ByteBudget(limit: 1_000, expectedHolders: 1)
      let (channel, meter) = try meteredChannel(budget)
      try write(frame(0x1, [], fin: false), to: channel)
      for _ in 0..<20 where channel.isActive {
        try write(frame(opcode, [], fin: opcode != 0x0), to: channel)
      }
      #expect(!channel.isActive, "opcode \(opcode): closed past its share")
      #expect(meter.heldBytes > 1_000 - 6 * 21)
      #expect(budget.heldBytes == 0, "given back at the close")
      release(channel)
    }
  }

  /// Part of a frame is held until the frame completes; a frame whose length is padded
  /// (allowed by the decoder) is counted as the shorter header it could have had, so the
  /// count stays above what the peer sent, never below.
  @Test func partOfAFrameIsHeldAndPaddingCountsAgainstItsSender() throws {
    let budget = ByteBudget(limit: 1 << 30, expectedHolders: 1)
    let (channel, meter) = try meteredChannel(budget)
    let padded = frame(0x1, Array("hello".utf8), lengthField: 8)
    try write(Array(padded.prefix(9)), to: channel)
    #expect(meter.heldBytes == 9)
    try write(Array(padded.dropFirst(9)), to: channel)
    meter.taken()
    #expect(meter.heldBytes == 8, "a 14-byte header counted as the 6-byte one")
    release(channel)
  }

  /// Past the budget, the connection that grows while holding more than its share is
  /// closed; one that holds more than its share while the budget is not past its limit
  /// is left alone; and a closed connection's bytes leave the budget.
  @Test func pastTheBudgetAConnectionOverItsShareIsClosed() throws {
    let budget = ByteBudget(limit: 100, expectedHolders: 2)
    let (large, _) = try meteredChannel(budget)
    let (small, _) = try meteredChannel(budget)
    let partial = frame(0x1, Array(repeating: 0x20, count: 1_000))
    try write(Array(partial.prefix(60)), to: large)
    #expect(large.isActive, "60 of 100 bytes: not past the limit")
    try write(Array(partial.prefix(45)), to: small)
    #expect(small.isActive, "past the limit, but 45 bytes is under the share of 50")
    #expect(budget.heldBytes == 105)
    try write([0x20], to: large)
    #expect(!large.isActive, "past the limit and over its share")
    #expect(budget.heldBytes == 45, "the closed connection's bytes were given back")
    try write(Array(partial[45..<80]), to: small)
    #expect(small.isActive, "80 bytes: the budget is no longer past its limit")
    release(small)
    release(large)
  }

  /// A connection holding more than its own limit is closed whatever the budget's total:
  /// a message of countless empty frames passes Hummingbird's check of its payload.
  @Test func aConnectionPastItsOwnLimitIsClosed() throws {
    let budget = ByteBudget(limit: 1 << 30, expectedHolders: 1)
    let (channel, meter) = try meteredChannel(budget, limit: 1_000)
    try write(frame(0x1, [], fin: false), to: channel)
    for _ in 0..<5 where channel.isActive {
      try write(frame(0x0, [], fin: false), to: channel)
    }
    #expect(channel.isActive, "6 frames: \(meter.heldBytes) bytes")
    for _ in 0..<10 where channel.isActive {
      try write(frame(0x0, [], fin: false), to: channel)
    }
    #expect(!channel.isActive, "closed past 1,000 bytes")
    #expect(budget.heldBytes == 0)
    release(channel)
    #expect(WebServer.Configuration(maximumMessageSize: 1_000).inboundLimit == 8_000)
    let huge = WebServer.Configuration(maximumMessageSize: .max / 2)
    #expect(huge.transportLimit == Int(clamping: UInt32.max), "what NIO's decoder accepts")
    #expect(huge.inboundLimit == 2 * huge.transportLimit)
  }

  /// At the upgrade, the installer puts the meter around the frame decoder and steps
  /// aside; the events it does not act on pass through.
  @Test func theInstallerMetersTheConnectionAtItsUpgrade() throws {
    let budget = ByteBudget(limit: 1 << 30, expectedHolders: 1)
    let channel = EmbeddedChannel()
    let operations = channel.pipeline.syncOperations
    try operations.addHandler(
      InboundMeter.Installer(budget: budget, limit: .max, logger: Logger(label: "test")))
    try operations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
    channel.pipeline.fireUserInboundEventTriggered("another event")
    #expect(throws: Never.self) {
      try operations.handler(type: InboundMeter.Installer.self)
    }
    channel.pipeline.fireUserInboundEventTriggered(
      HTTPServerUpgradeEvents.upgradeComplete(
        toProtocol: "websocket",
        upgradeRequest: HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws")))
    #expect(throws: (any Error).self) {
      try operations.handler(type: InboundMeter.Installer.self)
    }
    try write(frame(0x1, Array(repeating: 0x20, count: 10), fin: false), to: channel)
    let meter = try operations.handler(type: InboundMeter.DecodedFrames.self).meter
    #expect(
      meter.heldBytes == 16 + InboundMeter.frameOverhead,
      "the bytes before the decoder were counted, and the frame")
    #expect(budget.heldBytes == meter.heldBytes)
    release(channel)

    let undecoded = EmbeddedChannel()
    try undecoded.connect(to: .init(ipAddress: "127.0.0.1", port: 1)).wait()
    try undecoded.pipeline.syncOperations.addHandler(
      InboundMeter.Installer(budget: budget, limit: .max, logger: Logger(label: "test")))
    undecoded.pipeline.fireUserInboundEventTriggered(
      HTTPServerUpgradeEvents.upgradeComplete(
        toProtocol: "websocket",
        upgradeRequest: HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws")))
    #expect(!undecoded.isActive, "a connection that cannot be metered is closed")
    release(undecoded)
  }

  /// The server meters its pages against `maximumTotalInboundBytes`. With 100,000 bytes
  /// for 4 connections (a share of 25,000): a page that sent 60,000 bytes of a frame is
  /// kept; a second that sends 45,000 more takes the total past the limit and is closed;
  /// the first then completes its message and is answered, as it is with the default
  /// budget.
  @Test func theServerClosesAPageOverItsShareOfItsInboundBudget() async throws {
    #expect(WebServer.Configuration().maximumTotalInboundBytes == 256 << 20)
    let app = try WebServerTests.makeServer(Liveness()) {
      $0.maximumConnections = 4
      $0.maximumTotalInboundBytes = 100_000
      $0.pingInterval = .zero
    }.makeApplication()
    _ = try await app.test(.live) { client in
      let port = try #require(client.port)
      let large = try RawConnection(port: port)
      large.sendUpgrade()
      #expect(await Self.read(large, until: #""type":"structure""#).isOpen)
      let message = frame(0x1, Array(repeating: 0x20, count: 70_000))
      large.send(bytes: Array(message.prefix(60_000)))
      let small = try RawConnection(port: port)
      small.sendUpgrade()
      #expect(await Self.read(small, until: #""type":"structure""#).isOpen)
      small.send(bytes: Array(frame(0x1, Array(repeating: 0x20, count: 50_000)).prefix(45_000)))
      let (smallGot, smallIsOpen) = await Self.read(small, until: nil)
      #expect(!smallIsOpen, "the second page took the total past the limit: \(smallGot)")
      large.send(bytes: Array(message.dropFirst(60_000)))
      let (answer, largeIsOpen) = await Self.read(large, until: #""code":"malformed""#)
      #expect(largeIsOpen)
      #expect(answer.contains(#""code":"malformed""#), "the first page's message was read")
      // The reader counts a message as taken after its session answered, and before it
      // reads the next: once a small probe is answered, the first message has been taken.
      large.send(bytes: frame(0x1, Array("probe".utf8)))
      _ = await Self.read(large, until: #""code":"malformed""#)
      // Taken, its bytes are given back: 40,000 more do not take the total past the limit.
      large.send(bytes: frame(0x1, Array(repeating: 0x20, count: 40_000)))
      let (second, stillOpen) = await Self.read(large, until: #""code":"malformed""#)
      #expect(stillOpen && second.contains(#""code":"malformed""#), "\(second)")
      // A page's first frames may come in the same write as its upgrade request: the
      // meter is in place before they reach the decoder (a message that reached the
      // reader unmetered would stop this debug build in `taken()`).
      let eager = try RawConnection(port: port)
      eager.sendUpgrade(followedBy: frame(0x1, Array("early".utf8)))
      let (early, eagerIsOpen) = await Self.read(eager, until: #""code":"malformed""#)
      #expect(eagerIsOpen && early.contains(#""code":"malformed""#), "\(early)")
    }
  }

  /// What `page` sends until `text` comes, the page is closed or 30 s pass with nothing
  /// (under the sanitizers the server can be slow; the server's pings are off); whether it
  /// is still open.
  private static func read(_ page: RawConnection, until text: String?) async -> (
    String, isOpen: Bool
  ) {
    var received = ""
    while let bytes = await page.read(timeout: .seconds(30)) {
      guard !bytes.isEmpty else { return (received, false) }
      received += bytes
      if let text, received.contains(text) { break }
    }
    return (received, true)
  }
}
