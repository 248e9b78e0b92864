// Premultiplied RGBA8 arithmetic, SWAR on UInt32 (R,B and G,A byte pairs in 16-bit lanes).
// Every multiply by an 8-bit factor rounds exactly: div255(x) = (x + 128 + ((x + 128) >> 8)) >> 8
// equals round(x / 255) for all x in 0…65025 (Blinn's exact division by 255; PixelMathTests checks it).

@usableFromInline let rbMask: UInt32 = 0x00FF_00FF

/// round(x / 255) for x in 0…65025.
@inline(__always) public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// Every channel of a premultiplied pixel times a/255, exactly rounded.
@inline(__always) public func mulPixel(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & rbMask) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb &>> 8) & rbMask)) &>> 8) & rbMask
    var ag = ((p &>> 8) & rbMask) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag &>> 8) & rbMask)) & 0xFF00_FF00
    return rb | ag
}

/// Source over destination, both premultiplied.
@inline(__always) public func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
    s &+ mulPixel(d, 255 &- (s &>> 24))
}

/// a + (b − a)·w/256 per channel with w in 0…256, rounded half up (used by bilinear sampling).
@inline(__always) func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb = (((a & rbMask) &* iw &+ (b & rbMask) &* w &+ 0x0080_0080) &>> 8) & rbMask
    let ag = ((((a &>> 8) & rbMask) &* iw &+ ((b &>> 8) & rbMask) &* w &+ 0x0080_0080)) & 0xFF00_FF00
    return rb | ag
}

/// Bilinear blend of four taps (pXY: p10 is x+1, p01 is y+1) with 8-bit weights (fractions of
/// 256): vertical first, then horizontal — so a scaled or translated row can do the vertical pass
/// once per source pixel and the horizontal pass per output pixel with the same arithmetic.
@inline(__always) func bilerp(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
                              _ wx: UInt32, _ wy: UInt32) -> UInt32 {
    lerp256(lerp256(p00, p01, wy), lerp256(p10, p11, wy), wx)
}

/// Integer pixel rectangle [x0, x1) × [y0, y1).
public struct IRect: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public func intersection(_ o: IRect) -> IRect {
        IRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
    /// The smallest pixel rect covering `r` (outward rounding), clamped to a sane range.
    public init(covering r: Rect) {
        func f(_ v: Double) -> Int { Int(max(-1e8, min(1e8, v.rounded(.down)))) }
        func c(_ v: Double) -> Int { Int(max(-1e8, min(1e8, v.rounded(.up)))) }
        self.init(x0: f(r.minX), y0: f(r.minY), x1: c(r.maxX), y1: c(r.maxY))
    }
    public var description: String { "[\(x0),\(y0))–[\(x1),\(y1))" }
}

import Geometry

/// Fills n pixels with one value, 16 pixels per SIMD store.
@inline(__always) public func fillPixels(_ p: UnsafeMutablePointer<UInt32>, _ value: UInt32, _ n: Int) {
    let v = SIMD16<UInt32>(repeating: value)
    let raw = UnsafeMutableRawPointer(p)
    var i = 0
    while i &+ 16 <= n {
        raw.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD16<UInt32>.self)
        i &+= 16
    }
    while i < n { p[i] = value; i &+= 1 }
}
