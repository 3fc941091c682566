import Foundation
import FuzzSupport
import RecipeKit

/// libFuzzer's entry point: reads the bytes as a `recipes.json`. A damaged file must be
/// refused with an error, never trap; a file that is accepted must hold what the app
/// relies on (unique ids in range, `nextId` above them), survive a write and read back
/// unchanged, and show every recipe without overflowing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecipeFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let file: RecipeFile
  do {
    file = try RecipeFile.decode(bytes, path: "fuzz")
  } catch {
    _ = error.localizedDescription
    _ = "\(error)"
    return 0
  }
  let ids = file.recipes.map(\.id)
  guard Set(ids).count == ids.count, ids.allSatisfy({ $0 >= 1 && $0 < file.nextId }) else {
    fuzzFailure("accepted ids \(ids) with nextId \(file.nextId)")
  }
  for recipe in file.recipes {
    _ = recipe.subtitle
    _ = recipe.ingredientList
    _ = recipe.directionSteps
    _ = Recipe.formattedDuration(recipe.totalTime)
  }
  let written = file.encoded()
  do {
    let reread = try RecipeFile.decode(written, path: "fuzz")
    guard reread == file else {
      fuzzFailure("a file changes when written and read back: \(file) becomes \(reread)")
    }
  } catch {
    fuzzFailure(
      "a file this build accepted and wrote is refused: \(error)\n"
        + String(decoding: written, as: UTF8.self))
  }
  return 0
}
