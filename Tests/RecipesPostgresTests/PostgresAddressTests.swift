import RecipeKit
import Testing

@testable import RecipesPostgres

@Suite("PostgreSQL address and connection")
struct PostgresAddressTests {
  @Test func readsEveryPartAndHidesThePassword() throws {
    let address = try PostgresAddress(
      "postgres://cook:s%40lt@db.local:6543/kitchen?sslmode=disable")
    #expect(address.user == "cook")
    #expect(address.password == "s@lt")
    #expect(address.host == "db.local")
    #expect(address.port == 6543)
    #expect(address.database == "kitchen")
    #expect(address.description == "postgres://cook@db.local:6543/kitchen")
    #expect(!address.description.contains("lt"))
  }

  /// Regression: the user, password and database were percent-decoded twice, so a password
  /// written `50%25off` (50%off) became nil and the login failed.
  @Test func decodesEachPartOnce() throws {
    let address = try PostgresAddress("postgres://c%2541t:50%25off@host/my%2541db")
    #expect(address.user == "c%41t")
    #expect(address.password == "50%off")
    #expect(address.database == "my%41db")
  }

  @Test(arguments: ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"])
  func acceptsEveryLibpqSSLMode(_ mode: String) throws {
    _ = try PostgresAddress("postgres://u@host/db?sslmode=\(mode)")
  }

  @Test func fillsInLibpqsDefaults() throws {
    let address = try PostgresAddress("postgresql://127.0.0.1")
    #expect(address.user == "postgres")
    #expect(address.port == 5432)
    #expect(address.database == "postgres", "the database defaults to the user's name")
  }

  @Test(arguments: [
    "", "http://host/db", "postgres://", "postgres:///db", "postgres://host:0/db",
    "postgres://host/db?sslmode=sometimes", "not a url at all %zz",
  ])
  func refusesWhatIsNotAnAddress(_ url: String) {
    #expect(throws: RecipeStoreError.self) { try PostgresAddress(url) }
  }

  /// Nothing listens on port 9 of this machine: refused at once, without a server.
  @Test func anUnreachableDatabaseIsAnErrorNamingIt() async throws {
    await #expect {
      _ = try await PostgresRecipeStorage.open(url: "postgres://postgres@127.0.0.1:9/none")
    } throws: { error in
      let error = try #require(error as? RecipeStoreError)
      return error.reason == .unavailable && error.description.contains("127.0.0.1:9")
    }
  }
}
