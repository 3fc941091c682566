/// Where one session runs: the actor its views, data sources and app objects belong to,
/// and the way into it.
///
/// A ``WebSession`` is not `Sendable`: everything it holds (list views, data sources, the
/// app's controllers) lives in one isolation, so a session needs no locks. The server
/// reaches it only through its host, which runs each piece of work on the session's actor:
/// the main actor for apps whose objects are main-actor isolated, or an actor of the
/// session's own, so that sessions run in parallel and one session's work never waits
/// behind another's.
final class SessionHost: Sendable {
  /// The actor the session runs on.
  let isolation: any Actor
  /// A number that tells sessions apart in logs (the session's ``WebSession/id``).
  let id: Int
  private let box: SessionBox

  /// Takes `session`, made where the server accepted the connection, to run on `isolation`.
  init(_ session: sending WebSession, isolation: any Actor) {
    self.id = session.id
    self.isolation = isolation
    self.box = SessionBox(session)
  }

  /// Runs `body` with the session, on its actor.
  func run<Result: Sendable>(_ body: @Sendable (WebSession) -> Result) async -> Result {
    await Self.run(on: isolation, box, body)
  }

  /// The session, for main-actor code when the session runs there.
  ///
  /// - Precondition: The session runs on the main actor.
  @MainActor
  var sessionOnMainActor: WebSession {
    precondition(
      isolation === MainActor.shared,
      "SessionHost.sessionOnMainActor: session \(id) runs on an actor of its own")
    return box.session
  }

  private static func run<Result: Sendable>(
    on isolation: isolated any Actor, _ box: SessionBox, _ body: (WebSession) -> Result
  ) -> Result {
    body(box.session)
  }
}

/// The session, on its way to the one actor that uses it.
///
/// `@unchecked Sendable` because ``SessionHost`` opens it only on the session's actor.
private final class SessionBox: @unchecked Sendable {
  let session: WebSession

  init(_ session: WebSession) { self.session = session }
}

/// An actor with nothing of its own: a session's serial executor. The session's objects
/// are not `Sendable` and live in its isolation, entered through ``SessionHost``.
actor SessionActor {}
