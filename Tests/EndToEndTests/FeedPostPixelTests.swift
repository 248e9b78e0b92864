import Foundation
import XCTest
import SegueTestSupport

/// Issue 28: a story that pushes from a feed into a `detail` with `"post": N` shows the post that
/// was tapped. In the PNGs Segue writes (decoded by ffmpeg), the card's pictures and avatar on the
/// feed's first frame are the post's pictures and avatar after the push, at the rects `segue
/// inspect` gives for each screen's elements (weibo-feed; matrix-demo's Arabic dark clip, mirrored).
final class FeedPostPixelTests: XCTestCase {
    struct Clip { var preset: String; var only: String?; var feed: String; var post: String; var opened: Double }

    static let clips = [
        Clip(preset: "presets/stories/weibo-feed.json", only: nil, feed: "feed", post: "post", opened: 1.2),
        Clip(preset: "presets/stories/matrix-demo.json", only: "device=iphone-15,dark=true,transition=pan-back,locale=ar",
             feed: "feed", post: "detail", opened: 1.1),
    ]

    /// `segue inspect`'s element rows: screen → element → frame (x, y, width, height) in points.
    func elements(_ text: String) -> [String: [String: [Double]]] {
        var out: [String: [String: [Double]]] = [:], screen: String?, inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("elements (points") { inTable = true; continue }
            guard inTable, !line.isEmpty else { continue }
            if !line.hasPrefix(" ") { screen = String(line); continue }
            let parts = line.split(separator: " ")
            guard let screen, parts.count >= 5 else { continue }
            out[screen, default: [:]][String(parts[0])] = parts[1...4].compactMap { Double($0) }
        }
        return out
    }

    /// The mean difference per channel between the insides (2 pt in from each edge) of two rects
    /// of one size, sampled at the same points of each.
    func meanDifference(_ a: [UInt8], _ ra: [Double], _ b: [UInt8], _ rb: [Double], k: Double, width: Int) -> Double {
        var total = 0.0, n = 0
        let cols = Int(((ra[2] - 4) * k).rounded(.down)), rows = Int(((ra[3] - 4) * k).rounded(.down))
        for j in 0..<rows {
            for i in 0..<cols {
                let ia = ((Int(((ra[1] + 2) * k).rounded()) + j) * width + Int(((ra[0] + 2) * k).rounded()) + i) * 3
                let ib = ((Int(((rb[1] + 2) * k).rounded()) + j) * width + Int(((rb[0] + 2) * k).rounded()) + i) * 3
                for c in 0..<3 { total += abs(Double(a[ia + c]) - Double(b[ib + c])) }
                n += 3
            }
        }
        return total / Double(max(1, n))
    }

    func testThePostShowsTheTappedCardsPicturesAndAvatar() throws {
        for clip in Self.clips {
            let dir = try temporaryFolder("feedpost")
            let preset = CLI.root.appendingPathComponent(clip.preset).path
            let only = clip.only.map { ["--only", $0] } ?? []
            let inspect = try CLI.run(["inspect", preset, "--scale", "0.5"] + only)
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
            // "name: 585×1266 px (device, …)": the frames' size.
            let size = try XCTUnwrap(inspect.stdout.components(separatedBy: " px").first?.components(separatedBy: " ").last)
            let wh = size.split(separator: "×").compactMap { Int($0) }
            XCTAssertEqual(wh.count, 2, inspect.stdout)
            let (w, h) = (wh[0], wh[1])
            let table = elements(inspect.stdout)
            let feed = try XCTUnwrap(table[clip.feed], clip.preset), post = try XCTUnwrap(table[clip.post], clip.preset)
            let k = Double(w) / (try XCTUnwrap(feed["statusBar"]))[2]
            // The card the story opens: the feed's first post, and the pictures inside it.
            let card = try XCTUnwrap(feed["cell0"])
            let photos = feed.filter { $0.key.hasPrefix("photo") && $0.value[1] >= card[1] && $0.value[1] + $0.value[3] <= card[1] + card[3] }
            XCTAssertGreaterThan(photos.count, 0, clip.preset)
            let r = try CLI.run(["frames", preset, "--at", "0,\(clip.opened)", "--scale", "0.5", "-o", dir + "/f", "--quiet"] + only)
            XCTAssertEqual(r.status, 0, r.stderr)
            let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/f").sorted()
            XCTAssertEqual(frames.count, 2)
            let before = try CLI.decodeFrame(dir + "/f/" + frames[0], index: 0, width: w, height: h)
            let after = try CLI.decodeFrame(dir + "/f/" + frames[1], index: 0, width: w, height: h)
            for (id, rect) in photos.sorted(by: { $0.key < $1.key }) + [("avatar0", try XCTUnwrap(feed["avatar0"]))] {
                let opened = try XCTUnwrap(post[id], "\(clip.preset): the post shows the card's \(id)")
                XCTAssertEqual(opened[2], rect[2], accuracy: 0.001, "\(clip.preset) \(id): same width")
                XCTAssertEqual(opened[3], rect[3], accuracy: 0.001, "\(clip.preset) \(id): same height")
                XCTAssertEqual(opened[0], rect[0], accuracy: 0.001, "\(clip.preset) \(id): same place across (the card's layout)")
                XCTAssertLessThan(meanDifference(before, rect, after, opened, k: k, width: w), 2.5, "\(clip.preset) \(id): same pixels")
            }
            // The comparison tells pictures apart: the card's first photo is not its neighbour.
            let ids = photos.keys.sorted()
            if ids.count > 1 {
                XCTAssertGreaterThan(meanDifference(before, feed[ids[0]]!, after, post[ids[1]]!, k: k, width: w), 8, clip.preset)
            }
        }
    }
}
