import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP relay on 127.0.0.1 between a storage and the test server that, once armed, hangs
/// up on its client right after passing a `COMMIT` on to PostgreSQL.
///
/// PostgreSQL reads the whole message before it notices the client left, so it commits,
/// but its answer never reaches the client: the one case where a client can't know whether
/// its change was saved. Each connection is relayed by two threads with blocking sockets,
/// which keeps the test's cooperative threads free.
final class CommitCuttingRelay: @unchecked Sendable {
  /// The port clients connect to.
  let port: Int
  private let upstreamPort: Int
  private let listener: Int32
  private let state = NSLock()
  private var armed = false
  private var cutCount = 0

  /// Starts relaying to PostgreSQL on `upstreamPort`.
  init(upstreamPort: Int) throws {
    self.upstreamPort = upstreamPort
    let descriptor = Self.makeSocket()
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard descriptor >= 0, bound == 0, named == 0, listen(descriptor, 16) == 0 else {
      if descriptor >= 0 { close(descriptor) }
      throw RelayFailure("can't listen on 127.0.0.1: errno \(errno)")
    }
    listener = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in
      while true {
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { return }
        relay(client)
      }
    }
  }

  /// Stops accepting; relayed connections end when either side closes.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// Makes the next `COMMIT`, on whichever connection sends it, the one that is cut.
  func arm() {
    state.withLock { armed = true }
  }

  /// How many connections were cut after a `COMMIT`.
  var cuts: Int {
    state.withLock { cutCount }
  }

  private func relay(_ client: Int32) {
    let server = Self.makeSocket()
    var address = Self.loopback(port: upstreamPort)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard server >= 0, connected == 0 else {
      close(client)
      if server >= 0 { close(server) }
      return
    }
    let done = DispatchGroup()
    done.enter()
    Thread.detachNewThread { [self] in
      pumpFromClient(client, to: server)
      done.leave()
    }
    done.enter()
    Thread.detachNewThread {
      // After a cut, PostgreSQL's answer is read and dropped until it closes its side.
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = recv(server, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        _ = Self.sendAll(buffer[..<count], to: client)
      }
      shutdown(client, Int32(SHUT_RDWR))
      done.leave()
    }
    Thread.detachNewThread {
      done.wait()
      close(client)
      close(server)
    }
  }

  private func pumpFromClient(_ client: Int32, to server: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    // The end of the previous read, so that a COMMIT split across two reads is still seen.
    var tail: [UInt8] = []
    let commit = Array("COMMIT".utf8)
    while true {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      let seen = tail + buffer[..<count]
      tail = Array(seen.suffix(commit.count - 1))
      let sentCommit = seen.indices.dropLast(commit.count - 1).contains { start in
        seen[start..<start + commit.count].elementsEqual(commit)
      }
      let cut =
        sentCommit
        && state.withLock {
          guard armed else { return false }
          armed = false
          cutCount += 1
          return true
        }
      // Hung up before the COMMIT is passed on, so that no answer can reach the client;
      // PostgreSQL sees the end of its input only after the COMMIT.
      if cut { shutdown(client, Int32(SHUT_RDWR)) }
      guard Self.sendAll(buffer[..<count], to: server), !cut else { break }
    }
    shutdown(server, Int32(SHUT_WR))
  }

  private static func sendAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        #if canImport(Glibc)
          send(descriptor, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        #else
          send(descriptor, raw.baseAddress! + sent, raw.count - sent, 0)
        #endif
      }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  private static func makeSocket() -> Int32 {
    #if canImport(Glibc)
      socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket(AF_INET, SOCK_STREAM, 0)
    #endif
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}

struct RelayFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
