import NIOCore
import NIOWebSocket

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Pings a page's connection on a timer of its event loop, and lets the kernel end a
/// connection whose peer has vanished.
///
/// Hummingbird's automatic ping runs a task per connection that sleeps between pings: about
/// 3 KB of every idle page (load benchmark, 1,000 pages). A repeated task of the event loop
/// costs a few hundred bytes. The ping keeps proxies and NAT mappings from dropping an idle
/// connection; on Linux, `TCP_USER_TIMEOUT` then closes a connection whose data (a ping
/// included) goes unacknowledged for two intervals, which is how a peer that vanished
/// without closing is found.
///
/// A page that stops reading while its machine still acknowledges TCP is dropped too: a
/// ping still unwritten when the next one is due means the socket has been full for a
/// whole interval, and the connection is closed (its session waits for the page as after
/// any drop). A tab that reads but never answers pings is not dropped: pongs are not
/// checked.
enum ConnectionLiveness {
  /// Starts pinging `channel` every `interval` until it closes or the returned task is
  /// cancelled; zero or less pings never. The handler cancels it when the page's messages
  /// end, which is usually before the WebSocket's closing frame; when the page closes
  /// first, a ping may still slip in between the closing frame and the socket's shutdown.
  @discardableResult
  static func start(on channel: any Channel, every interval: Duration) -> RepeatedTask? {
    let milliseconds = Self.milliseconds(interval)
    guard milliseconds > 0 else { return nil }
    #if os(Linux)
      // Twice the interval: one lost ping is retransmitted before the connection counts as
      // gone. A refusal (another platform's socket) only loses the early detection.
      let option = ChannelOptions.Types.SocketOption(
        level: .tcp, name: .init(rawValue: CInt(TCP_USER_TIMEOUT)))
      channel.setOption(option, value: SocketOptionValue(milliseconds * 2))
        .whenFailure { _ in }
    #endif
    let unwritten = NIOLoopBoundBox.makeBoxSendingValue(false, eventLoop: channel.eventLoop)
    let ping = channel.eventLoop.scheduleRepeatedTask(
      initialDelay: .milliseconds(milliseconds), delay: .milliseconds(milliseconds)
    ) { _ in
      // The last ping is still waiting for the socket: the peer has read nothing for an
      // interval. Queuing more would grow without bound.
      guard !unwritten.value else {
        channel.close(promise: nil)
        return
      }
      unwritten.value = true
      channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer()))
        .whenComplete { _ in unwritten.value = false }
    }
    channel.closeFuture.whenComplete { _ in ping.cancel() }
    return ping
  }

  /// Whole milliseconds in `interval`, at most a day.
  static func milliseconds(_ interval: Duration) -> Int64 {
    guard interval > .zero else { return 0 }
    let capped = min(interval, .seconds(86_400))
    let (seconds, attoseconds) = capped.components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }
}
