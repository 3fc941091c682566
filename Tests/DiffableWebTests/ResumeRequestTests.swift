import DiffableWeb
import Testing

@Suite("Resume request: the connection address a page resumes with")
struct ResumeRequestTests {
  static let token = "0123456789abcdef0123456789abcdef"

  @Test func thePageIdComesWithOrWithoutAToken() {
    let page = "fedcba9876543210fedcba9876543210"
    #expect(
      ResumeRequest.decode(query: Substring("page=\(page)"))
        == .success(ResumeRequest(token: nil, seen: [:], page: page)))
    #expect(
      ResumeRequest.decode(query: Substring("page=\(page)&resume=\(Self.token)&seen=a:1"))
        == .success(ResumeRequest(token: Self.token, seen: ["a": 1], page: page)))
    #expect(ResumeRequest.decode(query: Substring("page=xyz")) == .failure(.malformed))
    #expect(
      ResumeRequest.decode(query: Substring("page=\(page)&page=\(page)")) == .failure(.malformed))
  }

  @Test func noQueryOrNoResumeItemAsksForNothing() {
    #expect(ResumeRequest.decode(query: nil) == nil)
    #expect(ResumeRequest.decode(query: "") == nil)
    #expect(ResumeRequest.decode(query: "seen=list:3&x=1") == nil)
  }

  @Test func readsTheTokenAndEveryViewsSeq() {
    let query = "resume=\(Self.token)&seen=recipes:12&seen=side%20bar%3Aone:0"
    #expect(
      ResumeRequest.decode(query: Substring(query))
        == .success(ResumeRequest(token: Self.token, seen: ["recipes": 12, "side bar:one": 0])))
    #expect(
      ResumeRequest.decode(query: Substring("resume=\(Self.token)"))
        == .success(ResumeRequest(token: Self.token, seen: [:])))
  }

  @Test(arguments: [
    "resume=0123456789ABCDEF0123456789abcdef",  // uppercase
    "resume=0123456789abcdef",  // short
    "resume=0123456789abcdef0123456789abcdefa",  // long
    "resume=0123456789abcdef0123456789abcdeg",  // not hex
    "resume=\(token)&resume=\(token)",  // twice
    "resume",  // no value
    "resume=\(token)&seen=list",  // no seq
    "resume=\(token)&seen=:3",  // no name
    "resume=\(token)&seen=list:",  // empty seq
    "resume=\(token)&seen=list:-1",
    "resume=\(token)&seen=list:+3",
    "resume=\(token)&seen=list:1e3",
    "resume=\(token)&seen=list:2147483648",  // over Int32.max
    "resume=\(token)&seen=list:99999999999999999999",
    "resume=\(token)&seen=list:1&seen=list:2",  // a view twice
    "resume=\(token)&seen=\(String(repeating: "v", count: 257)):1",
    "resume=\(token)&seen",
    "resume=\(token)&seen=li%zzst:1",  // a broken escape
    "resume=\(token)&seen=%ff:1",  // not UTF-8 once decoded
    "resume=%zz",
  ])
  func malformedRequestsAreRefusedAsSuch(query: String) {
    #expect(ResumeRequest.decode(query: Substring(query)) == .failure(.malformed), "\(query)")
  }

  @Test func theBoundsAreAcceptedAndOneMoreIsNot() {
    let views = (0..<ResumeRequest.maximumViews).map { "seen=v\($0):\(Int32.max)" }
    let atLimit = "resume=\(Self.token)&" + views.joined(separator: "&")
    guard case .success(let request)? = ResumeRequest.decode(query: Substring(atLimit)) else {
      Issue.record("64 views were refused")
      return
    }
    #expect(request.seen.count == 64 && request.seen["v63"] == Int(Int32.max))
    #expect(
      ResumeRequest.decode(query: Substring(atLimit + "&seen=extra:1")) == .failure(.malformed))
    let long = "resume=\(Self.token)&pad=" + String(repeating: "x", count: 8 << 10)
    #expect(ResumeRequest.decode(query: Substring(long)) == .failure(.malformed))
  }
}
