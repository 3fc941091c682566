import ArgumentParser
import DiffableWeb

/// `swift run diffable-demo`: the WWDC20 three-section page (a horizontal row, an outline
/// and a list) in the browser, with controls that insert, delete, shuffle, reload and
/// reconfigure, a 100,000-item mode, and a panel showing the last batch. Two commands have no
/// button: `medium` (10,000 items) and `churn` (1% changed), for the browser benchmark
/// (Benchmarks/Scripts/browser_perf.py).
@main
struct DemoApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diffable-demo",
    abstract: "Serve the DiffableWeb demo page: a virtualized collection view driven from Swift.")

  @OptionGroup var server: ServerOptions

  func run() async throws {
    let options = server
    // Each page's session runs on an actor of its own: the demo shares nothing between
    // sessions, so they run in parallel.
    let web = WebServer(
      configuration: options.configuration, page: .init(indexFile: "demo.html"),
      makeSessionOnItsOwnActor: { session in DemoController(session: session) })
    do {
      try await web.run { port in
        printNow("DiffableWeb demo: open \(options.address(port: port))")
      }
    } catch let error as WebServerError {
      throw ServerFailure(error.description)
    }
  }
}
