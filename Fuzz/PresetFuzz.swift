// libFuzzer target: preset text → JSONReader.parse → PresetDecoder.decode → Resolver.resolve,
// the whole path `segue validate` takes, with assets resolved against a scratch folder that
// holds two tiny PNGs (a.png, assets/b.png) so image screens and layers resolve too.
// Any input may be rejected; none may crash, hang or allocate without bound.
import Foundation
import Media
import Presets
import Vocabulary

private let baseDirectory: String = {
    // (A local, not a global: LeakSanitizer reports a lazily initialised global Data as a leak.)
    let tinyPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGP4y8AARwzEcQCrMw/RBpGVewAAAABJRU5ErkJggg==")!
    let dir = NSTemporaryDirectory() + "segue-preset-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: dir + "/a.png", contents: tinyPNG)
    _ = FileManager.default.createFile(atPath: dir + "/assets/b.png", contents: tinyPNG)
    atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "segue-preset-fuzz-\(getpid())") }
    return dir
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func presetFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // PresetLoader reads at most Limits.maxPresetBytes and requires UTF-8; the same gate here.
    guard size <= Limits.maxPresetBytes else { return -1 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(data: Data(bytes), encoding: .utf8) else { return 0 }
    _ = try? JSONReader.parse(text)
    let file = baseDirectory + "/fuzz.json"
    do {
        let preset = try PresetDecoder.decode(text: text, file: file, defaultName: "fuzz")
        _ = try? Resolver(file: file, images: AssetImages(base: baseDirectory, maxImageSide: Limits.maxImageSide)).resolve(preset)
    } catch {
        // Every problem must render as a message (the CLI prints them all).
        for p in error.problems { _ = p.description }
    }
    return 0
}
