import XCTest
@testable import Raster
import Geometry
import Scene

final class RendererTests: XCTestCase {
    func testGradientEndColoursExact() {
        let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0.2, b: 1)
        let n = Node(kind: .rect, frame: Rect(0, 0, 8, 200),
                     fill: .linear(from: Point(0, 0.1), to: Point(0, 0.9), stops: [GradientStop(0, red), GradientStop(1, blue)]))
        let b = Bitmap(uncheckedWidth: 8, height: 200)
        Renderer.render(n, scale: 1, into: b)
        XCTAssertEqual(b[3, 0], red.premultipliedPixel)
        XCTAssertEqual(b[3, 19], red.premultipliedPixel)
        XCTAssertEqual(b[3, 181], blue.premultipliedPixel)
        XCTAssertEqual(b[3, 199], blue.premultipliedPixel)
        // Monotonic and smooth in between: each step at most one level per channel.
        for y in 20..<181 {
            let (r0, _, b0, _) = Bitmap.unpack(b[3, y - 1]), (r1, _, b1, _) = Bitmap.unpack(b[3, y])
            XCTAssertLessThanOrEqual(r1, r0); XCTAssertGreaterThanOrEqual(b1, b0)
            XCTAssertLessThanOrEqual(Int(r0) - Int(r1), 2)
        }
        // Midpoint is the average of the stops.
        let (mr, _, mb, _) = Bitmap.unpack(b[3, 100])
        XCTAssertEqual(Double(mr), 127.5, accuracy: 2); XCTAssertEqual(Double(mb), 127.5, accuracy: 2)
    }

    func testGroupOpacityDiffersFromPerLayerOpacity() {
        let a = Node.rect(Rect(0, 0, 20, 20), .black), c = Node.rect(Rect(10, 0, 20, 20), .black)
        var g = Node.group(Rect(0, 0, 40, 20), [a, c]); g.opacity = 0.5
        let b1 = Bitmap(uncheckedWidth: 40, height: 20, fill: .white)
        Renderer.render(g, scale: 1, into: b1)
        XCTAssertEqual(b1[15, 5], b1[5, 5], "group fades as one picture")
        XCTAssertEqual(Bitmap.unpack(b1[5, 5]).r, 127)   // white × (255 − 128) / 255
        var a2 = a, c2 = c; a2.opacity = 0.5; c2.opacity = 0.5
        let b2 = Bitmap(uncheckedWidth: 40, height: 20, fill: .white)
        Renderer.render(.group(Rect(0, 0, 40, 20), [a2, c2]), scale: 1, into: b2)
        XCTAssertEqual(Bitmap.unpack(b2[5, 5]).r, 127)
        XCTAssertEqual(Bitmap.unpack(b2[15, 5]).r, 63, "overlap of two half layers is darker")
    }

    func testClippingExcludes() {
        for (frame, radius) in [(Rect(10, 10, 20, 20), 0.0), (Rect(10.5, 10.25, 20, 20), 0.0), (Rect(10, 10, 20, 20), 6.0)] {
            var parent = Node.group(frame, [.rect(Rect(-10, -10, 60, 60), .white)])
            parent.clips = true; parent.cornerRadius = radius
            let b = Bitmap(uncheckedWidth: 64, height: 64)
            Renderer.render(parent, scale: 1, into: b)
            XCTAssertEqual(b[5, 20], 0); XCTAssertEqual(b[40, 20], 0); XCTAssertEqual(b[20, 40], 0)
            XCTAssertEqual(b[20, 20] >> 24, 255)
            let exact = 400 - (4 - Double.pi) * radius * radius
            XCTAssertEqual(coveredArea(b), exact, accuracy: exact * 0.01, "frame \(frame) r \(radius)")
            if radius > 0 { XCTAssertEqual(b[10, 10], 0, "rounded corner clipped") }
        }
        // Without clips the child spills.
        let b = Bitmap(uncheckedWidth: 64, height: 64)
        Renderer.render(.group(Rect(10, 10, 20, 20), [.rect(Rect(-10, -10, 60, 60), .white)]), scale: 1, into: b)
        XCTAssertEqual(b[5, 20] >> 24, 255)
    }

    func testHiddenAndChildCoordinates() {
        var hidden = Node.rect(Rect(0, 0, 10, 10), .white); hidden.hidden = true
        let g = Node.group(Rect(20, 30, 10, 10), [hidden, .rect(Rect(2, 3, 1, 1), .white)])
        let b2 = Bitmap(uncheckedWidth: 128, height: 128)
        Renderer.render(g, scale: 2, into: b2)
        XCTAssertEqual(coveredArea(b2), 4)
        XCTAssertEqual(b2[44, 66] >> 24, 255); XCTAssertEqual(b2[45, 67] >> 24, 255)
    }

    func testImageFits() {
        let img = Bitmap(uncheckedWidth: 20, height: 10, fill: .white)   // 2:1
        let bg = Color(r: 0, g: 0, b: 1)
        var fit = Node.image(img, frame: Rect(0, 0, 20, 20), fit: .fit); fit.fill = .solid(bg)
        let b = Bitmap(uncheckedWidth: 20, height: 20)
        Renderer.render(fit, scale: 1, into: b)
        XCTAssertEqual(b[10, 2], bg.premultipliedPixel)     // letterbox
        XCTAssertEqual(b[10, 10], Color.white.premultipliedPixel)
        let fill = Node.image(img, frame: Rect(0, 0, 20, 20), fit: .fill)
        let b2 = Bitmap(uncheckedWidth: 30, height: 30)
        Renderer.render(fill, scale: 1, into: b2)
        XCTAssertEqual(coveredArea(b2), 400, accuracy: 0.5)    // cropped to the frame
        XCTAssertEqual(b2[10, 1], Color.white.premultipliedPixel)
        let stretch = Node.image(img, frame: Rect(0, 0, 20, 20), fit: .stretch)
        let b3 = Bitmap(uncheckedWidth: 30, height: 30)
        Renderer.render(stretch, scale: 1, into: b3)
        XCTAssertEqual(coveredArea(b3), 400, accuracy: 0.5)
    }

    func testSnapshotSizeAndContent() {
        let n = Node.group(Rect(100, 200, 10, 5), [.rect(Rect(0, 0, 10, 5), .white)])
        let s = Renderer.snapshot(n, scale: 3)
        XCTAssertEqual(s.width, 30); XCTAssertEqual(s.height, 15)
        XCTAssertTrue(s.isOpaque)
    }

    func testRenderIsDeterministicAcrossThreads() {
        let img = randomBitmap(50, 40, seed: 3)
        var n = Node.image(img, frame: Rect(3.3, 2.1, 40, 30)); n.transform = LayerTransform(rotate: 12)
        let g = Node.group(Rect(0, 0, 64, 64), [n, .rect(Rect(5.5, 5.5, 20, 20), Color(white: 0.5, alpha: 0.5), cornerRadius: 5)])
        let ref = Bitmap(uncheckedWidth: 64, height: 64); Renderer.render(g, scale: 1, into: ref)
        let out = (0..<8).map { _ in Bitmap(uncheckedWidth: 64, height: 64) }
        DispatchQueue.concurrentPerform(iterations: 8) { i in Renderer.render(g, scale: 1, into: out[i]) }
        for o in out { XCTAssertTrue(o.isIdentical(to: ref)) }
    }
}
