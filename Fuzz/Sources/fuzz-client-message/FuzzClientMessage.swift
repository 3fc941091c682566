import DiffableWeb
import Foundation
import FuzzSupport

/// libFuzzer's entry point: decodes the bytes as one text frame from a page, and as the
/// query of a connection's address (a resume request), the page's two kinds of input.
/// Decoding must never trap, must be deterministic, must keep every documented bound on
/// what it accepts, and whatever it returns must encode: a refusal goes back to the page as
/// an `error` message, and an `app` payload is plain JSON an app may send back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let result = ClientMessage.decode(text)
  guard ClientMessage.decode(text) == result else {
    fuzzFailure("decoding \(text.debugDescription) twice gives two answers")
  }
  switch result {
  case .failure(let error):
    _ = ServerMessage.error(error).encoded()
  case .success(let message):
    checkBounds(message, text)
    if case .app(let name, let payload) = message {
      _ = ServerMessage.app(name: name, payload: payload).encoded()
    }
  }
  checkResumeRequest(Substring(text))
  return 0
}

/// The limits `ResumeRequest` documents for a request it accepts.
private func checkResumeRequest(_ query: Substring) {
  let result = ResumeRequest.decode(query: query)
  guard ResumeRequest.decode(query: query) == result else {
    fuzzFailure("the resume query \(query.debugDescription) decodes two ways")
  }
  guard case .success(let request)? = result else { return }
  let fits =
    query.utf8.count <= ResumeRequest.maximumQueryLength
    && [request.token, request.page].allSatisfy {
      $0.map { $0.utf8.count == ResumeRequest.tokenLength } ?? true
    }
    && request.seen.count <= ResumeRequest.maximumViews
    && request.seen.allSatisfy {
      !$0.key.isEmpty && $0.key.utf8.count <= ClientMessage.maximumNameLength
        && (0...ClientMessage.maximumInteger).contains($0.value)
    }
  guard fits else {
    fuzzFailure("the resume query \(query.debugDescription) was accepted beyond the bounds")
  }
}

/// The limits `ClientMessage` documents for a message it accepts.
private func checkBounds(_ message: ClientMessage, _ text: String) {
  let integers = 0...ClientMessage.maximumInteger
  func name(_ value: String) -> Bool { value.utf8.count <= ClientMessage.maximumNameLength }
  func path(_ value: WireIndexPath) -> Bool {
    integers.contains(value.section) && integers.contains(value.item)
  }
  let fits: Bool
  switch message {
  case .window(let view, let seq, let ranges):
    fits =
      name(view) && integers.contains(seq) && ranges.count <= ClientMessage.maximumWindowRanges
      && ranges.allSatisfy {
        integers.contains($0.section) && integers.contains($0.start) && integers.contains($0.end)
      }
  case .cells(let view, let seq, let indexPaths):
    fits =
      name(view) && integers.contains(seq)
      && indexPaths.count <= ClientMessage.maximumCellsPerRequest && indexPaths.allSatisfy(path)
  case .select(let view, let seq, let indexPath), .setExpanded(let view, let seq, let indexPath, _):
    fits = name(view) && integers.contains(seq) && path(indexPath)
  case .accessory(let view, let seq, let indexPath, let kind):
    fits = name(view) && integers.contains(seq) && path(indexPath) && name(kind)
  case .swipe(let view, let seq, let indexPath, _, let action):
    fits = name(view) && integers.contains(seq) && path(indexPath) && name(action)
  case .reorder(let view, let seq, let from, let to):
    fits = name(view) && integers.contains(seq) && path(from) && path(to)
  case .ack(let view, let seq):
    fits = name(view) && integers.contains(seq)
  case .mismatch(let view, let seq, let reason):
    fits =
      name(view) && integers.contains(seq)
      && reason.utf8.count <= ClientMessage.maximumReasonLength
  case .app(let appName, _):
    fits = name(appName)
  }
  guard fits, text.utf8.count <= ClientMessage.maximumSize else {
    fuzzFailure("\(message) was accepted beyond the documented bounds: \(text.debugDescription)")
  }
}
