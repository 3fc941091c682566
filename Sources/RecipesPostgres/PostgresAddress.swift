import Foundation
import NIOSSL
import PostgresNIO
import RecipeKit

/// A `postgres://` URL, read once when the server starts.
struct PostgresAddress: CustomStringConvertible {
  var user: String
  var password: String?
  var host: String
  var port: Int
  var database: String
  var tls: PostgresConnection.Configuration.TLS

  /// Reads `postgres://user[:password]@host[:port]/database[?sslmode=…]`; the scheme
  /// `postgresql` is accepted too, as libpq accepts it.
  init(_ url: String) throws(RecipeStoreError) {
    func refuse(_ detail: String) -> RecipeStoreError {
      RecipeStoreError(.unreadable, path: "the database address", detail: detail)
    }
    guard let components = URLComponents(string: url),
      let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
    else {
      throw refuse("expected postgres://user@host:port/database")
    }
    guard let host = components.host, !host.isEmpty else { throw refuse("the URL has no host") }
    let port = components.port ?? 5432
    guard (1...65535).contains(port) else { throw refuse("port \(port) is out of range") }
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    self.host = host
    self.port = port
    user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
    password = components.password.flatMap { $0.removingPercentEncoding }
    database = path.isEmpty ? user : (path.removingPercentEncoding ?? path)
    let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
    guard ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"].contains(mode)
    else {
      throw refuse("sslmode \(mode) is not one of disable, prefer, require")
    }
    if mode == "disable" {
      tls = .disable
    } else {
      // libpq's verify-ca and verify-full check the certificate, as NIO's client default does;
      // allow, prefer and require are all "TLS when offered" or "TLS or nothing".
      let context: NIOSSLContext
      do {
        context = try NIOSSLContext(configuration: .makeClientConfiguration())
      } catch {
        throw refuse("TLS can't be set up: \(error)")
      }
      tls = mode.hasPrefix("verify") || mode == "require" ? .require(context) : .prefer(context)
    }
  }

  /// The address without the password, for messages and logs.
  var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
