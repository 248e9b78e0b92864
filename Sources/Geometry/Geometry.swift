// Points, sizes, rects and affine transforms in points or pixels (Double). Value types, no I/O.

public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public var description: String { "(\(x), \(y))" }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public static func * (a: Size, s: Double) -> Size { Size(a.width * s, a.height * s) }
    public var description: String { "\(width)×\(height)" }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    public static let zero = Rect(0, 0, 0, 0)
    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }
    public func insetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy) }
    public func scaled(by s: Double) -> Rect { Rect(x * s, y * s, width * s, height * s) }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        let x1 = Swift.max(maxX, o.maxX), y1 = Swift.max(maxY, o.maxY)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// Linear interpolation between two rects (origin and size), t = 0 gives self.
    public func interpolated(to o: Rect, _ t: Double) -> Rect {
        Rect(x + (o.x - x) * t, y + (o.y - y) * t, width + (o.width - width) * t, height + (o.height - height) * t)
    }
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), as CGAffineTransform.
public struct Affine: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ tx: Double, _ ty: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public static func scale(_ sx: Double, _ sy: Double) -> Affine { Affine(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// Rotation by `radians`, counter-clockwise in a y-up frame (clockwise on screen, as UIKit).
    public static func rotation(_ radians: Double) -> Affine {
        let cs = _cos(radians), sn = _sin(radians)
        return Affine(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// `self` then `o`: the point is first mapped by self, then by o.
    public func concatenating(_ o: Affine) -> Affine {
        Affine(a: a * o.a + b * o.c, b: a * o.b + b * o.d,
               c: c * o.a + d * o.c, d: c * o.b + d * o.d,
               tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }
    public func translatedBy(_ x: Double, _ y: Double) -> Affine { concatenating(.translation(x, y)) }
    public func scaledBy(_ sx: Double, _ sy: Double) -> Affine { concatenating(.scale(sx, sy)) }
    public var determinant: Double { a * d - b * c }
    public var inverted: Affine? {
        let det = determinant
        if det == 0 || !det.isFinite { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// The axis-aligned bounding box of the transformed rect.
    /// (No arrays: the renderer calls this several times per draw, per band.)
    public func apply(_ r: Rect) -> Rect {
        let p0 = apply(Point(r.minX, r.minY)), p1 = apply(Point(r.maxX, r.minY))
        let p2 = apply(Point(r.minX, r.maxY)), p3 = apply(Point(r.maxX, r.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
    public var isIdentity: Bool { self == .identity }
    /// No rotation or skew: only scale and translation.
    public var isScaleTranslate: Bool { b == 0 && c == 0 }
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}

#if canImport(Glibc)
import Glibc
@inline(__always) func _cos(_ x: Double) -> Double { Glibc.cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { Glibc.sin(x) }
#else
import Foundation
@inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { Foundation.sin(x) }
#endif
