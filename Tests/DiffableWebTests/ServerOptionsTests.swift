import ArgumentParser
import Testing

@testable import DiffableWeb

@Suite("Server options")
struct ServerOptionsTests {
  @Test func theOptionsBecomeTheConfiguration() throws {
    let options = try ServerOptions.parse([
      "--port", "9001", "--session-grace-seconds", "5", "--ping-seconds", "7",
      "--allowed-origin", "https://recipes.example.com",
    ])
    let configuration = options.configuration
    #expect(configuration.port == 9001)
    #expect(configuration.sessionGracePeriod == .seconds(5))
    #expect(configuration.pingInterval == .seconds(7))
    #expect(configuration.allowedOrigins == ["https://recipes.example.com"])
  }

  @Test func pingsEveryThirtySecondsByDefault() throws {
    #expect(try ServerOptions.parse([]).configuration.pingInterval == .seconds(30))
    #expect(WebServer.Configuration().pingInterval == .seconds(30))
  }

  @Test(arguments: [
    ("--ping-seconds=-1", "--ping-seconds -1"), ("--ping-seconds=86401", "--ping-seconds 86401"),
    ("--session-grace-seconds=-5", "--session-grace-seconds -5"),
  ])
  func outOfRangeSecondsAreRefusedByName(argument: String, message: String) {
    do {
      _ = try ServerOptions.parse([argument])
      Issue.record("\(argument) was accepted")
    } catch {
      #expect(ServerOptions.message(for: error).contains(message))
    }
  }
}
