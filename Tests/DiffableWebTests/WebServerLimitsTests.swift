import DiffableWeb
import Foundation
import HummingbirdTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain TCP client, for what an HTTP client will not do: connect and send nothing, or
/// half a request head.
final class RawConnection {
  let descriptor: Int32

  init(port: Int) throws {
    #if canImport(Glibc)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard descriptor >= 0, connected == 0 else {
      throw ServerFailure("connect to port \(port) failed: errno \(errno)")
    }
  }

  deinit { close(descriptor) }

  func send(_ text: String) { send(bytes: Array(text.utf8)) }

  /// Sends a request to upgrade to the page's WebSocket, from an allowed origin, and in
  /// the same write `frames` (bytes that come before the upgrade is answered).
  func sendUpgrade(followedBy frames: [UInt8] = []) {
    let request =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
      + "Origin: ws://localhost\r\n\r\n"
    send(bytes: Array(request.utf8) + frames)
  }

  func send(bytes: [UInt8]) {
    #if canImport(Glibc)
      _ = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
    #else
      _ = bytes.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
    #endif
  }

  /// What the server sends within `timeout`: its bytes, `""` once it closed the connection
  /// without sending any, `nil` if it did neither.
  ///
  /// Waits on a thread of its own: blocking one of Swift's cooperative threads (two on a
  /// two-core machine) kept the server's own tasks from answering.
  func read(timeout: Duration) async -> String? {
    let descriptor = descriptor
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: Self.read(descriptor, timeout: timeout))
      }
    }
  }

  private static func read(_ descriptor: Int32, timeout: Duration) -> String? {
    var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(timeout.components.seconds * 1000)
    guard poll(&descriptors, 1, milliseconds) > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(descriptor, &buffer, buffer.count, 0)
    return count <= 0 ? "" : String(decoding: buffer[..<count], as: UTF8.self)
  }
}

@Suite("WebServer's limits on connections")
struct WebServerLimitsTests {
  /// Hummingbird times a connection out only once its first request head came: a client
  /// that connected and sent nothing, or a head a byte at a time, kept its connection (and
  /// a file descriptor) for as long as it liked. The first head now has
  /// `requestHeadTimeout`; between requests of a kept-alive connection, `idleTimeout`
  /// applies.
  @Test func connectionsThatSendNoHeadOrGoIdleAreClosed() async throws {
    let app = try WebServerTests.makeServer(Liveness()) {
      $0.requestHeadTimeout = .seconds(1)
      $0.idleTimeout = .seconds(2)
    }.makeApplication()
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let silent = try RawConnection(port: port)
      let halfHead = try RawConnection(port: port)
      halfHead.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
      let served = try RawConnection(port: port)
      served.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(await served.read(timeout: .seconds(5))?.hasPrefix("HTTP/1.1 200") == true)
      let answered = ContinuousClock.now
      #expect(await silent.read(timeout: .seconds(5)) == "", "a connection that sent nothing")
      #expect(await halfHead.read(timeout: .seconds(5)) == "", "a connection that sent half a head")
      // Served, then idle: closed once `idleTimeout` (2 s) passes after the answer, not at
      // the head's deadline (1 s after it came).
      var rest = await served.read(timeout: .seconds(5))
      while let text = rest, !text.isEmpty { rest = await served.read(timeout: .seconds(5)) }
      #expect(rest == "", "an idle kept-alive connection")
      #expect(ContinuousClock.now - answered > .milliseconds(1_500))
    }
  }

  /// No limit held the connections open at once but the process's file descriptors, and
  /// each page's may hold `maximumPendingBytes`. Past `maximumConnections`, a new one is
  /// closed at once; once one ends, the next is served.
  @Test func connectionsPastTheMostAreClosedAtOnce() async throws {
    let app = try WebServerTests.makeServer(Liveness()) {
      $0.maximumConnections = 4
      $0.requestHeadTimeout = .seconds(30)
    }.makeApplication()
    try await app.test(.live) { client in
      let port = try #require(client.port)
      // The test client holds a connection of its own, made as the test starts: a request
      // on it first, so that it is counted before the three below.
      try await client.execute(uri: "/", method: .get) { #expect($0.status == .ok) }
      var open = try (0..<3).map { _ in try RawConnection(port: port) }
      // The three are counted once the server has accepted them: a request on the last
      // one is answered, so the server has set each of them up (connections are accepted
      // in order).
      open[2].send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(await open[2].read(timeout: .seconds(5))?.hasPrefix("HTTP/1.1 200") == true)
      let fifth = try RawConnection(port: port)
      #expect(await fifth.read(timeout: .seconds(5)) == "", "the fifth connection")
      open.removeFirst()
      var answer: String?
      for _ in 0..<100 where answer?.hasPrefix("HTTP/1.1 200") != true {
        let next = try RawConnection(port: port)
        next.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = await next.read(timeout: .seconds(5))
        if answer == "" { try await Task.sleep(for: .milliseconds(20)) }
      }
      #expect(answer?.hasPrefix("HTTP/1.1 200") == true, "a connection after one ended")
    }
  }
}
