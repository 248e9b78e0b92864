import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Media
import Presets
import Vocabulary
import Raster

/// Soak (issue 8): hundreds of renders in one process through the library API — PresetLoader
/// (JSON, an image asset decoded by FFmpeg each time) and RenderJob.run into every output format
/// in turn — with flat memory and no leaked file descriptors or temporaries. A per-render leak of
/// an FFmpeg context, frame, packet or filter graph (tens to hundreds of KiB each) shows up as RSS
/// growth between render 50 and render 500.
/// SEGUE_SOAK_RENDERS overrides the count (e.g. 5000 for a long run).
final class SoakTests: XCTestCase {
    static let tinyPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGP4y8AARwzEcQCrMw/RBpGVewAAAABJRU5ErkJggg==")!

    static let preset = """
    { "segue": 1, "name": "soak", "device": { "width": 32, "height": 24, "scale": 1 }, "fps": 10,
      "screens": {
        "a": { "image": "a.png", "fit": "fill" },
        "b": { "background": "#3264C8", "layers": [ { "id": "dot", "type": "ellipse", "frame": [4, 4, 8, 8], "fill": "#FFFFFF" },
                                                  { "type": "text", "text": "Hi", "frame": [2, 12, 28, 10], "font": { "size": 8 } } ] }
      },
      "start": "a",
      "timeline": [ { "push": "b", "transition": "uikit", "duration": 0.3 }, { "hold": 0.1 },
                    { "pop": true, "transition": "fade", "duration": 0.2 } ] }
    """

    static func statusField(_ name: String) -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "0") ?? 0
        }
        return 0
    }
    static var rssKiB: Int { statusField("VmRSS") }
    static var openFDs: Int { ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count }

    func testRendersKeepMemoryAndDescriptorsFlat() throws {
        let renders = Int(ProcessInfo.processInfo.environment["SEGUE_SOAK_RENDERS"] ?? "") ?? 500
        let dir = try temporaryFolder("soak")
        FileManager.default.createFile(atPath: dir + "/a.png", contents: Self.tinyPNG)
        let path = dir + "/soak.json"
        FileManager.default.createFile(atPath: path, contents: Data(Self.preset.utf8))
        let formats: [OutputFormat] = [.mp4, .webm, .mov, .gif, .png, .null]
        var rssAt50 = 0, fdsAt50 = 0
        let started = Date()
        for i in 1...renders {
            let storyboard = try PresetLoader.load(path: path, images: PresetImages.folder, fonts: InstalledFonts())
            var options = RenderOptions()
            options.format = formats[i % formats.count]
            options.jobs = 2
            options.progress = .none
            let out = RenderJob.defaultOutput(for: storyboard, format: options.format!, in: dir)
            let result = try RenderJob.run(storyboard, to: out, options: options)
            XCTAssertEqual(result.frames, 7)
            if i == min(50, renders) { rssAt50 = Self.rssKiB; fdsAt50 = Self.openFDs }
        }
        let rssEnd = Self.rssKiB, fdsEnd = Self.openFDs
        print("soak: \(renders) renders in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; RSS after 50: \(rssAt50) KiB, after \(renders): \(rssEnd) KiB; fds \(fdsAt50) → \(fdsEnd); peak \(Self.statusField("VmHWM")) KiB")
        // 450 renders more must not grow RSS by more than 8 MiB (allocator noise is ~1–3 MiB).
        XCTAssertLessThan(rssEnd - rssAt50, 8 * 1024, "RSS grew from \(rssAt50) KiB to \(rssEnd) KiB")
        XCTAssertLessThanOrEqual(fdsEnd, fdsAt50, "file descriptors leak")
        XCTAssertEqual(AtomicFile.pendingPaths, [], "no pending temporaries")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(names, ["a.png", "soak", "soak.gif", "soak.json", "soak.mov", "soak.mp4", "soak.webm"].sorted())
    }
}
