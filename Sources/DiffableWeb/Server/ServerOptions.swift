import ArgumentParser

/// The `--host` and `--port` options every executable that serves pages takes.
public struct ServerOptions: ParsableArguments, Sendable {
  /// The address to bind.
  @Option(help: "The address to listen on. 127.0.0.1 keeps the server private to this machine.")
  public var host = "127.0.0.1"

  /// The port to bind.
  @Option(help: "The port to listen on.")
  public var port = 8080

  /// Origins accepted besides the server's own, such as a reverse proxy's public address.
  @Option(
    name: .customLong("allowed-origin"),
    help:
      "An origin (scheme://host[:port]) whose pages may connect besides the server's own, such as a reverse proxy's public address. Repeatable."
  )
  public var allowedOrigins: [String] = []

  /// How long a session outlives a dropped connection, in seconds.
  @Option(
    name: .customLong("session-grace-seconds"),
    help:
      "How long, in seconds, a page whose connection dropped can come back to its session (0: never). From 0 to 86400."
  )
  public var sessionGraceSeconds = 60

  /// How often an idle connection is pinged, in seconds.
  @Option(
    name: .customLong("ping-seconds"),
    help:
      "How often, in seconds, an idle page's connection is pinged (0: never). On Linux a connection whose pings go unanswered by TCP for two intervals is closed. From 0 to 86400."
  )
  public var pingSeconds = 30

  /// Creates options with their defaults.
  public init() {}

  /// Checks the allowed origins before the server starts.
  public func validate() throws {
    guard (0...86_400).contains(sessionGraceSeconds) else {
      throw ValidationError("--session-grace-seconds \(sessionGraceSeconds): expected 0 to 86400")
    }
    guard (0...86_400).contains(pingSeconds) else {
      throw ValidationError("--ping-seconds \(pingSeconds): expected 0 to 86400")
    }
    for origin in allowedOrigins where !WebServer.isValidOrigin(origin) {
      throw ValidationError(
        "--allowed-origin \(origin): expected scheme://host[:port] with http, https, ws or wss")
    }
  }

  /// The server configuration these options describe.
  public var configuration: WebServer.Configuration {
    WebServer.Configuration(
      host: host, port: port, allowedOrigins: allowedOrigins,
      sessionGracePeriod: .seconds(sessionGraceSeconds), pingInterval: .seconds(pingSeconds))
  }

  /// The address to print for people to open.
  public func address(port: Int) -> String {
    let shown = host == "0.0.0.0" ? "127.0.0.1" : host
    return "http://\(shown):\(port)/"
  }
}
