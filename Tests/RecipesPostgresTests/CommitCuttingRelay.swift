import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP relay on 127.0.0.1 between a storage and the test server that, once armed, hangs
/// up on its client when PostgreSQL answers the next `COMMIT`, instead of passing the
/// answer on.
///
/// PostgreSQL answers a `COMMIT` only once it has committed, so when the client sees its
/// connection drop the change is saved and visible, yet the client can't know it: the one
/// case where a change's fate is unknown. Each connection is relayed by two threads with
/// blocking sockets, which keeps the test's cooperative threads free.
final class CommitCuttingRelay: @unchecked Sendable {
  /// The port clients connect to.
  let port: Int
  private let upstreamPort: Int
  private let listener: Int32
  private let state = NSLock()
  private var armed = false
  private var cutCount = 0
  private var isStopped = false
  private let acceptEnded = DispatchSemaphore(value: 0)

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
      // Polls rather than blocks in accept, so that stop() can end this thread before it
      // closes the descriptor (whose number another test's socket may then reuse).
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while !state.withLock({ isStopped }) {
        guard poll(&ready, 1, 50) > 0 else { continue }
        let client = accept(descriptor, nil, nil)
        if client >= 0 { relay(client) }
      }
      acceptEnded.signal()
    }
  }

  /// Stops accepting; relayed connections end when either side closes.
  func stop() {
    state.withLock { isStopped = true }
    acceptEnded.wait()
    close(listener)
  }

  /// Makes the next `COMMIT`, on whichever connection sends it, the one whose answer is
  /// dropped and whose client is hung up on.
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
    Self.refuseSignals(on: client)
    let cut = CutMark()
    let done = DispatchGroup()
    done.enter()
    Thread.detachNewThread { [self] in
      pumpFromClient(client, to: server, marking: cut)
      done.leave()
    }
    done.enter()
    Thread.detachNewThread {
      Self.pumpFromServer(server, to: client, cutAt: cut)
      done.leave()
    }
    Thread.detachNewThread {
      done.wait()
      close(client)
      close(server)
    }
  }

  /// Passes everything on, and marks the connection once it has sent a `COMMIT` while armed.
  private func pumpFromClient(_ client: Int32, to server: Int32, marking cut: CutMark) {
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
      if sentCommit && !cut.isSet {
        let take = state.withLock {
          guard armed else { return false }
          armed = false
          cutCount += 1
          return true
        }
        // Marked before the COMMIT is passed on, so that its answer can't slip through.
        if take { cut.set() }
      }
      guard Self.sendAll(buffer[..<count], to: server) else { break }
    }
    shutdown(server, Int32(SHUT_WR))
  }

  /// Passes PostgreSQL's answers on until the connection is marked: the next answer is
  /// that of the COMMIT, so it is dropped and the client hung up on; the rest is drained.
  private static func pumpFromServer(_ server: Int32, to client: Int32, cutAt cut: CutMark) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var hungUp = false
    while true {
      let count = recv(server, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      if cut.isSet {
        if !hungUp { shutdown(client, Int32(SHUT_RDWR)) }
        hungUp = true
        continue
      }
      _ = sendAll(buffer[..<count], to: client)
    }
    shutdown(client, Int32(SHUT_RDWR))
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
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    refuseSignals(on: descriptor)
    return descriptor
  }

  /// Darwin has no MSG_NOSIGNAL: a send to a closed peer would raise SIGPIPE and end the
  /// test process, unless the socket says otherwise.
  private static func refuseSignals(on descriptor: Int32) {
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
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

/// Whether a relayed connection has sent the COMMIT that is to be cut; set by one pump,
/// read by the other.
private final class CutMark: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}

struct RelayFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
