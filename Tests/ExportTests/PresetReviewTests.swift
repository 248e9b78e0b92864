import Foundation
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest

/// Issue 28, the second frame-by-frame review of every shipped preset: what a designer still saw,
/// each pinned against what the phone shows.
final class PresetReviewTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder("review") }

    func load(_ path: String, scale: Double) throws -> Storyboard {
        try PresetLoader.load(path: path, overrides: Overrides(scale: scale), images: PresetImages.folder, fonts: InstalledFonts())
    }

    func render(_ c: FrameComposer, _ i: Int) throws -> Bitmap {
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        c.render(frame: i, into: b)
        return b
    }

    /// Mean absolute difference per channel (0…255) of two frames inside a rect in points.
    func difference(_ a: Bitmap, _ b: Bitmap, in r: Rect, scale: Double) -> Double {
        let x0 = max(0, Int(r.minX * scale)), x1 = min(a.width, Int(r.maxX * scale))
        let y0 = max(0, Int(r.minY * scale)), y1 = min(a.height, Int(r.maxY * scale))
        var sum = 0, n = 0
        for y in y0..<y1 { for x in x0..<x1 {
            let p = a.rgba(x: x, y: y), q = b.rgba(x: x, y: y)
            sum += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)); n += 3
        } }
        return Double(sum) / Double(max(1, n))
    }

    // MARK: a flight lands on its slot's own picture

    /// A matched element flying to its slot shows, one frame before it lands, the picture the slot
    /// shows once it has landed: the flight's one picture is the end that holds the whole photo
    /// (the grid cell), not the hero's crop of it, which — aspect-filled into the cell — is a
    /// zoomed-in photo (catalog/magic-move at 1.88 s: a sun 1.4× too big, swapped for the cell's
    /// own on the last frame). Every shipped matched flight, pushes and pops, cancelled drags
    /// landing back where they started.
    func testAFlightLandsOnItsSlotsOwnPicture() throws {
        var checked = 0
        for l in try MatchedLanding.all(scale: 1) {
            let d = difference(try l.frame(l.last - 1), try l.frame(l.last), in: l.slot, scale: l.composer.storyboard.scale)
            XCTAssertLessThan(d, 3, "\(l.name): the flight's picture one frame before landing differs from \(l.id)'s own by \(d)/255")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 8, "the shipped matched flights")
    }

    // MARK: the zoom's source keeps its shape

    /// iOS 18's zoom cross-fades the source's content into the growing card; the source (a square
    /// cell with a round dot) keeps its proportions in the card's changing rect, aspect-filled, as
    /// a photo is: stretched into the card it turned into an oval sun (catalog/navigation-zoom's
    /// pop at 1.30 s). One frame into the push the card is 129 × 174 pt; the dot stays round.
    func testZoomSourceKeepsItsShapeInTheCard() throws {
        let s = try loadPreset(text: """
            { "segue": 1, "name": "zoom", "device": "iphone-13", "scale": 1, "fps": 60,
              "screens": {
                "grid": { "background": "#FFFFFF", "layers": [ { "type": "rect", "id": "cell", "frame": [100, 300, 100, 100], "fill": "#0000FF",
                          "children": [ { "type": "ellipse", "frame": [25, 25, 50, 50], "fill": "#FF0000" } ] } ] },
                "detail": { "background": "#FFFFFF", "layers": [] } },
              "start": "grid",
              "timeline": [ { "hold": 0.1 }, { "push": "detail", "transition": { "type": "navigation-zoom", "source": "cell" } }, { "hold": 0.1 } ] }
            """, in: dir, name: "zoom.json", overrides: Overrides(scale: 1))
        let c = FrameComposer(storyboard: s)
        for i in [7] {
            let b = try render(c, i)
            var xs: [Int] = [], ys: [Int] = []
            for y in 0..<b.height { for x in 0..<b.width {
                let p = b.rgba(x: x, y: y)
                if Int(p.r) - Int(p.b) > 60 { xs.append(x); ys.append(y) }
            } }
            let w = Double(try XCTUnwrap(xs.max()) - xs.min()! + 1), h = Double(ys.max()! - ys.min()! + 1)
            XCTAssertGreaterThan(h, 52, "frame \(i): the card has grown past the cell")
            XCTAssertEqual(w / h, 1, accuracy: 0.08, "frame \(i): the dot is \(w) × \(h) pt, not round")
        }
    }

    // MARK: feed timestamps

    /// The minutes of "N min ago" / "Nm ago" texts in a mock, in the order its cards come.
    func agoMinutes(_ n: Node) -> [Int] {
        var out: [Int] = []
        if case .text(let s, _) = n.kind, s.contains("ago"), let m = Int(s.prefix { $0.isNumber }) { out.append(m) }
        for k in n.children { out += agoMinutes(k) }
        return out
    }

    /// A feed lists its newest post first: the iOS and the Material feed mocks' "N min ago" grow
    /// down the feed (catalog/container-transform had "49 min ago" above "47 min ago",
    /// fade-through "39 min ago" above "2 min ago").
    func testFeedTimestampsAreNewestFirst() throws {
        for seed in [7, 42, 62, 71, 82, 91] {
            for (style, size) in [(MockStyle.ios, Size(390, 844)), (MockStyle.material, Size(412, 915))] {
                let feed = try XCTUnwrap(Mocks.screen(kind: "feed", size: size, seed: seed, style: style))
                let minutes = agoMinutes(feed)
                XCTAssertGreaterThanOrEqual(minutes.count, 2, "\(style) seed \(seed)")
                XCTAssertEqual(minutes, minutes.sorted(), "\(style) feed, seed \(seed): \(minutes)")
                XCTAssertEqual(Set(minutes).count, minutes.count, "\(style) feed, seed \(seed): two posts at the same minute \(minutes)")
            }
        }
    }

    // MARK: Android settings rows

    /// The rows' (title, summary) of a Material settings mock, top to bottom.
    func settingsRows(_ n: Node) -> [(String, String)] {
        let texts = n.children.compactMap { k -> String? in if case .text(let s, _) = k.kind { return s } else { return nil } }
        if n.id?.hasPrefix("cell") == true, texts.count == 2 { return [(texts[0], texts[1])] }
        return n.children.flatMap(settingsRows)
    }

    /// Pixel's Settings opens at "Network & internet" and shows each entry's own summary under it
    /// ("Bluetooth, pairing" under "Connected devices"): the mock's summaries were a random word
    /// from On / Off / Connected / Never / Default ("Apps · Off", "Battery · Connected" in
    /// catalog/shared-axis-x). An entry says the same thing in every seed, never a bare state word.
    func testAndroidSettingsRowsCarryTheirOwnSummaries() throws {
        var seen: [String: String] = [:]
        for seed in [5, 31, 51, 52] {
            let screen = try XCTUnwrap(Mocks.screen(kind: "settings", size: Size(412, 915), seed: seed, style: .material))
            let rows = settingsRows(screen)
            XCTAssertGreaterThanOrEqual(rows.count, 8, "seed \(seed)")
            XCTAssertEqual(rows.first?.0, "Network & internet", "seed \(seed): Settings opens at its top")
            for (title, summary) in rows {
                XCTAssertFalse(["On", "Off", "Connected", "Never", "Default"].contains(summary), "seed \(seed): \(title) · \(summary)")
                XCTAssertEqual(seen[title, default: summary], summary, "seed \(seed): \(title) changes its summary")
                seen[title] = summary
            }
        }
    }

    // MARK: pan-back begins with the drag

    /// Weibo's push is a plain UIKit push; the pan-back look (the old screen shrunk on black)
    /// begins when the drag back begins. Every shipped preset, matrix clips included, pushes
    /// without uncovering the black behind the screens: mid-push, the leading edge's column is the
    /// old screen under UIKit's light dim (matrix-demo's pan-back clips pushed with pan-back: the
    /// old screen at 0.6–0.9 scale on black).
    func testPushesNeverUncoverTheBlackBackdrop() throws {
        for path in PresetContinuityTests.allPresets() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let clips: [String?] = text.contains("\"matrix\"") ? ["device=iphone-15,dark=false,transition=pan-back,locale=en",
                                                                  "device=iphone-se,dark=false,transition=pan-back,locale=de"] : [nil]
            for only in clips {
                let s = try PresetLoader.load(path: path, overrides: Overrides(scale: 0.5), only: only, images: PresetImages.folder, fonts: InstalledFonts())
                let c = FrameComposer(storyboard: s)
                for step in s.steps where step.operation == .push && ["uikit", "pan-back"].contains(step.transitionName ?? "") {
                    for f in [0.25, 0.5, 0.75] {
                        let b = try render(c, Int(((step.start + step.duration * f) * Double(s.fps)).rounded()))
                        let x = Int(2 * s.scale), rows = Int(150 * s.scale)..<Int((s.canvas.height - 150) * s.scale)
                        let mean = rows.map { y -> Int in let p = b.rgba(x: x, y: y); return (Int(p.r) + Int(p.g) + Int(p.b)) / 3 }.reduce(0, +) / rows.count
                        XCTAssertGreaterThan(mean, 128, "\(URL(fileURLWithPath: path).lastPathComponent) \(only ?? "") \(step.title) at \(f): the leading edge is \(mean)/255")
                    }
                }
            }
        }
    }

    // MARK: localized bar buttons fit

    /// A bar button is as wide as its title: German "Bearbeiten" was cut to "Bearbei…" in an
    /// 80 pt box (every German clip of stories/matrix-demo, on every iPhone). The leading button
    /// of every iOS mock with one (Messages' Edit, a compose sheet's Cancel) lays its title out on
    /// one line, untruncated, in every locale.
    func testLocalizedLeadingButtonIsNotTruncated() throws {
        for locale in ["en", "de", "ar", "he", "ja"] {
            for kind in ["list", "compose"] {
                let screen = try XCTUnwrap(Mocks.screen(kind: kind, size: Size(375, 667), seed: 7, locale: locale))
                let button = try XCTUnwrap(screen.find(id: "leadingButton"), "\(kind) \(locale)")
                guard case .text(let title, let style) = button.kind else { XCTFail("\(kind) \(locale): not a text"); continue }
                let laid = Renderer.layoutText(title, style: style, width: button.frame.width)
                XCTAssertEqual(laid.lines, [title], "\(kind) \(locale): \(title) in \(button.frame.width) pt")
            }
        }
    }

    // MARK: iOS settings rows

    /// Each row of an iOS settings mock: its title, the value beside its chevron ("" for none), and
    /// whether it ends in a switch.
    func iosSettingsRows(_ n: Node) -> [(title: String, value: String, toggle: Bool)] {
        if n.id?.hasPrefix("cell") == true {
            let texts = n.children.compactMap { k -> String? in if case .text(let s, _) = k.kind { return s } else { return nil } }
            return [(texts.first ?? "", texts.count > 1 ? texts[1] : "", n.children.contains { $0.cornerRadius == 15.5 })]
        }
        return n.children.flatMap(iosSettingsRows)
    }

    /// iOS Settings opens at Airplane Mode (a switch, off), Wi-Fi shows its network, Bluetooth
    /// "On", and every other entry is a chevron alone: the mock gave random rows random switches
    /// and values ("Airplane Mode · Never", a switch on Cellular and on Control Centre in
    /// catalog/sheet). The same entry looks the same in every seed.
    func testIOSSettingsRowsCarryTheirOwnAccessories() throws {
        var seen: [String: String] = [:]
        for seed in [5, 13, 31] {
            let rows = iosSettingsRows(try XCTUnwrap(Mocks.screen(kind: "settings", size: Size(390, 844), seed: seed)))
            XCTAssertGreaterThanOrEqual(rows.count, 10, "seed \(seed)")
            XCTAssertEqual(rows.first?.title, "Airplane Mode", "seed \(seed): Settings opens at its top")
            // One English: US iOS says "Cellular" and "Control Center" (it had "Control Centre").
            XCTAssertTrue(rows.contains { $0.title == "Cellular" } && rows.contains { $0.title == "Control Center" }, "seed \(seed): \(rows.map(\.title))")
            for row in rows {
                let look = "\(row.value)|\(row.toggle)"
                XCTAssertEqual(seen[row.title, default: look], look, "seed \(seed): \(row.title) changes its accessory")
                seen[row.title] = look
                XCTAssertEqual(row.toggle, row.title == "Airplane Mode", "seed \(seed): \(row.title)")
                XCTAssertFalse(["Never", "Off", "Wi-Fi"].contains(row.value), "seed \(seed): \(row.title) · \(row.value)")
            }
        }
    }
}
