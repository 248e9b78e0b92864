import Foundation
import Geometry
import Raster
import XCTest

/// Issue 28, the third frame-by-frame review: a matched flight between two screenshots flew the
/// grid cell's own pixels, a third of the hero's, blown up into the hero's frame — a soft photo
/// with a jagged sun for the whole flight, turning sharp on the landing frame
/// (stories/own-screenshots at 0.98 → 1.00 s: 1,849 pixels of the hero changed by more than
/// 24/255 at half scale, along the sun's edge). A flight is one picture, as sharp as the slot it
/// lands in: one frame before landing it already shows the slot's own pixels (edge energy 0.29 of
/// the landed frame's before, 0.98 after; the mock flights 0.67–1.0).
final class FlightSharpnessTests: XCTestCase {
    static let scale = 0.5

    /// Edge energy of the slot (inset by 2 px, the spring's last sub-pixel of travel moves its
    /// edge rows): the sum of squared differences between neighbouring pixels, the largest channel
    /// of each pair. An image enlarged 3× keeps a third of it on a photo's sun and hill; the
    /// same picture placed a fraction of a pixel off (a spring 0.3 pt from rest) keeps 70 %.
    func edgeEnergy(_ b: Bitmap, in r: Rect, scale: Double) -> Double {
        let x0 = max(0, Int(r.minX * scale) + 2), x1 = min(b.width, Int(r.maxX * scale) - 2)
        let y0 = max(0, Int(r.minY * scale) + 2), y1 = min(b.height, Int(r.maxY * scale) - 2)
        func step(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
            let d = Double(max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))))
            return d * d
        }
        var sum = 0.0
        for y in y0..<(y1 - 1) { for x in x0..<(x1 - 1) {
            let p = b.rgba(x: x, y: y)
            sum += step(p, b.rgba(x: x + 1, y: y)) + step(p, b.rgba(x: x, y: y + 1))
        } }
        return sum
    }

    /// Every shipped matched flight that flies one shared picture (pushes, pops, cancelled drags):
    /// the landing frame sharpens nothing.
    func testAFlightIsAsSharpAsItsSlotBeforeLanding() throws {
        var checked: [String] = []
        for l in try MatchedLanding.all(scale: Self.scale) {
            let scale = l.composer.storyboard.scale
            let ratio = edgeEnergy(try l.frame(l.last - 1), in: l.slot, scale: scale) / edgeEnergy(try l.frame(l.last), in: l.slot, scale: scale)
            XCTAssertGreaterThan(ratio, 0.5, "\(l.name): one frame before landing, \(l.id) has \(ratio) of its landed edge energy (a soft flight turning sharp)")
            checked.append(l.name)
        }
        XCTAssertTrue(checked.contains { $0.hasPrefix("own-screenshots.json") }, "the screenshot flight is checked: \(checked)")
        XCTAssertGreaterThanOrEqual(checked.count, 8, "the shipped matched flights")
    }
}
