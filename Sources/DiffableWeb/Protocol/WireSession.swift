/// The first message of every connection: which session the page has, and whether it is
/// the one the page had before (see `Docs/WebProtocol.md`, "Sessions").
public struct WireSession: Hashable, Sendable, Encodable {
  /// What follows, for one view of a resumed session, before its other messages.
  public enum CatchUp: String, Hashable, Sendable, Codable {
    /// The page has every batch: nothing follows.
    case current
    /// The batches the page missed follow, in order.
    case replay
    /// One batch from the page's state to now follows; rows it holds may be out of date.
    case resync
    /// A structure follows: the server has nothing the page can start from.
    case restart
  }

  /// Why a presented token did not resume a session.
  public enum Refusal: String, Hashable, Sendable, Codable, Error {
    /// No session has that token now: its grace period ended, the server restarted, the
    /// token was used already, or it never existed (one answer for all, on purpose).
    case expired
    /// The session is connected to another page.
    case inUse
    /// The token was given to a page of another origin.
    case origin
    /// The token or a `seen` entry does not have the documented form.
    case malformed
  }

  /// The secret that resumes this session on a later connection (it works once).
  public var token: String
  /// Whether this is the session the page had before.
  public var resumed: Bool
  /// How long the server keeps the session once its connection drops, in whole seconds.
  public var graceSeconds: Int
  /// For a resumed session: what follows for each view.
  public var views: [String: CatchUp]?
  /// For a fresh session after a token was presented: why it did not resume.
  public var refused: Refusal?

  /// Creates the message's content.
  public init(
    token: String, resumed: Bool, graceSeconds: Int, views: [String: CatchUp]? = nil,
    refused: Refusal? = nil
  ) {
    self.token = token
    self.resumed = resumed
    self.graceSeconds = graceSeconds
    self.views = views
    self.refused = refused
  }
}
