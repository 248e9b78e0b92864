import Foundation
import Raster
import XCTest

/// How two bitmaps of one size differ, per channel on the stored (premultiplied) bytes.
public struct ImageDifference: CustomStringConvertible {
    /// The share of pixels whose largest channel difference is above `threshold`.
    public var over: Double
    public var threshold: Int
    /// The largest channel difference (alpha included) and the first pixel that has it.
    public var worst: Int
    public var at: (x: Int, y: Int)
    /// Mean |Δ| over the colour channels of every pixel.
    public var mean: Double
    /// Pixels that differ at all.
    public var differing: Int

    public init(_ a: Bitmap, _ b: Bitmap, threshold: Int = 4) {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var over = 0, worst = 0, sum = 0, differing = 0, at = (x: 0, y: 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = Bitmap.unpack(a[x, y]), q = Bitmap.unpack(b[x, y])
                let dr = abs(Int(p.r) - Int(q.r)), dg = abs(Int(p.g) - Int(q.g)), db = abs(Int(p.b) - Int(q.b))
                let d = max(dr, dg, db, abs(Int(p.a) - Int(q.a)))
                sum += dr + dg + db
                if d > threshold { over += 1 }
                if d > 0 { differing += 1 }
                if d > worst { worst = d; at = (x, y) }
            }
        }
        let n = Double(max(1, a.width * a.height))
        self = ImageDifference(over: Double(over) / n, threshold: threshold, worst: worst, at: at, mean: Double(sum) / (3 * n), differing: differing)
    }

    init(over: Double, threshold: Int, worst: Int, at: (x: Int, y: Int), mean: Double, differing: Int) {
        self.over = over; self.threshold = threshold; self.worst = worst; self.at = at; self.mean = mean; self.differing = differing
    }

    public var description: String {
        "\(differing) pixel(s) differ, \(String(format: "%.3f", over * 100)) % by more than \(threshold), worst \(worst) at (\(at.x), \(at.y)), mean \(String(format: "%.3f", mean))"
    }
}

/// Image comparisons that leave a picture of the failure: expected | actual | difference (|Δ| × 8)
/// side by side in one PNG under the artifacts folder, whose path the failure message names.
public enum ImageDiff {
    /// SEGUE_TEST_ARTIFACTS, else .build/test-artifacts in the repository (outside the suite's
    /// temporary folder, which scripts/test removes after the run).
    public static var artifacts: String {
        if let d = ProcessInfo.processInfo.environment["SEGUE_TEST_ARTIFACTS"], !d.isEmpty { return d }
        return CLI.root.appendingPathComponent(".build/test-artifacts").path
    }

    /// Asserts that `actual` matches `expected` by `accept` (default: identical); on failure writes
    /// the diff PNG named `name` and puts its path in the message.
    public static func assertMatches(_ actual: Bitmap, _ expected: Bitmap, _ name: String, threshold: Int = 4,
                                     accept: (ImageDifference) -> Bool = { $0.differing == 0 },
                                     file: StaticString = #filePath, line: UInt = #line) {
        guard actual.width == expected.width, actual.height == expected.height else {
            XCTFail("\(name): \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)", file: file, line: line)
            return
        }
        let d = ImageDifference(actual, expected, threshold: threshold)
        guard !accept(d) else { return }
        let picture = (try? write(expected: expected, actual: actual, name: name)) ?? "(the diff PNG could not be written)"
        XCTFail("\(name): \(d); expected | actual | difference: \(picture)", file: file, line: line)
    }

    /// Writes expected | actual | difference as one PNG (through the ffmpeg CLI, not Segue's
    /// encoder under test); returns its path.
    @discardableResult
    public static func write(expected: Bitmap, actual: Bitmap, name: String) throws -> String {
        let w = expected.width, h = expected.height
        var bytes = [UInt8](repeating: 0, count: 3 * w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let e = Bitmap.unpack(expected[x, y]), a = Bitmap.unpack(actual[x, y])
                let panels: [[UInt8]] = [[e.r, e.g, e.b, e.a], [a.r, a.g, a.b, a.a],
                                         zip([e.r, e.g, e.b], [a.r, a.g, a.b]).map { UInt8(min(255, 8 * abs(Int($0) - Int($1)))) } + [255]]
                for (k, px) in panels.enumerated() {
                    let at = ((y * 3 * w) + k * w + x) * 4
                    for c in 0..<4 { bytes[at + c] = px[c] }
                }
            }
        }
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        let png = artifacts + "/\(safe).diff.png", raw = png + ".rgba"
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let r = try CLI.tool("ffmpeg", ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(3 * w)x\(h)", "-i", raw, png])
        guard r.status == 0 else { throw NSError(domain: "ffmpeg", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
        return png
    }
}
