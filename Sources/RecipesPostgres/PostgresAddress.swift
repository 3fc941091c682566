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
    // URLComponents has already decoded the user, password and path once.
    user = components.user ?? "postgres"
    password = components.password
    database = path.isEmpty ? user : path
    let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
    let modes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]
    guard modes.contains(mode) else {
      throw refuse("sslmode \(mode) is not one of \(modes.joined(separator: ", "))")
    }
    if mode == "disable" {
      tls = .disable
    } else {
      // As libpq: only verify-ca checks the certificate, and only verify-full the host name
      // too; allow, prefer and require encrypt without checking, so that a server with a
      // self-signed certificate (Debian's default) is reached as psql reaches it.
      var settings = TLSConfiguration.makeClientConfiguration()
      switch mode {
      case "verify-full": break
      case "verify-ca": settings.certificateVerification = .noHostnameVerification
      default: settings.certificateVerification = .none
      }
      let context: NIOSSLContext
      do {
        context = try NIOSSLContext(configuration: settings)
      } catch {
        throw refuse("TLS can't be set up: \(error)")
      }
      tls = mode == "allow" || mode == "prefer" ? .prefer(context) : .require(context)
    }
  }

  /// The address without the password, for messages and logs.
  var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
