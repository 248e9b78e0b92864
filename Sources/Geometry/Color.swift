// Colours: straight (non-premultiplied) sRGB-encoded components in 0…1, as written in presets.
// Pixels are premultiplied RGBA8 (see Raster); `premultipliedPixel` is the one conversion.

public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(white: Double, alpha: Double = 1) { self.init(r: white, g: white, b: white, a: alpha) }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive). Returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.utf8.dropFirst())
        func nibble(_ c: UInt8) -> Int? {
            switch c {
            case 48...57: return Int(c) - 48
            case 65...70: return Int(c) - 55
            case 97...102: return Int(c) - 87
            default: return nil
            }
        }
        let n = digits.compactMap(nibble)
        guard n.count == digits.count else { return nil }
        switch n.count {
        case 3:
            self.init(r: Double(n[0] * 17) / 255, g: Double(n[1] * 17) / 255, b: Double(n[2] * 17) / 255)
        case 6, 8:
            let v = stride(from: 0, to: n.count, by: 2).map { Double(n[$0] * 16 + n[$0 + 1]) / 255 }
            self.init(r: v[0], g: v[1], b: v[2], a: n.count == 8 ? v[3] : 1)
        default:
            return nil
        }
    }

    public func withAlpha(_ alpha: Double) -> Color { Color(r: r, g: g, b: b, a: alpha) }

    /// 8-bit straight components, rounded.
    public var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (Color.quantize(r), Color.quantize(g), Color.quantize(b), Color.quantize(a))
    }

    /// The premultiplied RGBA8 pixel, bytes R, G, B, A in memory order (little-endian UInt32).
    public var premultipliedPixel: UInt32 {
        let (r8, g8, b8, a8) = rgba8
        let a = UInt32(a8)
        func pm(_ c: UInt8) -> UInt32 { let x = UInt32(c) * a + 128; return (x + (x >> 8)) >> 8 }
        return pm(r8) | (pm(g8) << 8) | (pm(b8) << 16) | (a << 24)
    }

    public static func quantize(_ v: Double) -> UInt8 {
        if !(v > 0) { return 0 }
        if v >= 1 { return 255 }
        return UInt8((v * 255).rounded())
    }

    public var hexString: String {
        let (r8, g8, b8, a8) = rgba8
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(r8) + h(g8) + h(b8) + (a8 == 255 ? "" : h(a8))
    }
    public var description: String { hexString }
}
