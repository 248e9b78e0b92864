// Linear gradients with CAGradientLayer semantics: `from`/`to` in the layer's unit square, colour
// constant beyond the end stops. Stops interpolate between their premultiplied 8-bit pixels, so
// the end colours are exactly the stop colours; a 4096-entry table keeps steps below one 8-bit
// level for any screen-size gradient (no banding beyond 8-bit quantisation).
import Geometry
import Scene
import Synchronization

struct LinearGradient {
    static let size = 4096
    let lut: [UInt32]
    let t0: Double, tx: Double, ty: Double   // t at device pixel centre (x, y) = t0 + x·tx + y·ty

    init?(from: Point, to: Point, stops: [GradientStop], size: Size, m: Affine) {
        guard !stops.isEmpty, size.width > 0, size.height > 0, let inv = m.inverted else { return nil }
        let st = stops.sorted { $0.location < $1.location }
        lut = LinearGradient.table(st)
        // t(p) for local p: ((p.x/w − fx)·dx + (p.y/h − fy)·dy) / (dx² + dy²), composed with inv.
        let dx = to.x - from.x, dy = to.y - from.y
        let len2 = dx * dx + dy * dy
        let kx = len2 > 0 ? dx / (len2 * size.width) : 0, ky = len2 > 0 ? dy / (len2 * size.height) : 0
        let k0 = len2 > 0 ? -(from.x * dx + from.y * dy) / len2 : 0
        // local x = inv.a·X + inv.c·Y + inv.tx, local y = inv.b·X + inv.d·Y + inv.ty
        tx = kx * inv.a + ky * inv.b
        ty = kx * inv.c + ky * inv.d
        t0 = k0 + kx * inv.tx + ky * inv.ty + 0.5 * tx + 0.5 * ty
    }

    /// Recently used tables by their sorted stops: a frame drawn in bands draws the same gradient
    /// once per band, and a transition draws it every frame (building one costs ≈ 0.1 ms).
    private static let tables = Mutex<[[GradientStop]: [UInt32]]>([:])

    static func table(_ st: [GradientStop]) -> [UInt32] {
        if let t = tables.withLock({ $0[st] }) { return t }
        let t = makeTable(st)
        tables.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[st] = t
        }
        return t
    }

    static func makeTable(_ st: [GradientStop]) -> [UInt32] {
        let px = st.map { $0.color.premultipliedPixel }
        var lut = [UInt32](repeating: 0, count: LinearGradient.size)
        for i in 0..<LinearGradient.size {
            let t = Double(i) / Double(LinearGradient.size - 1)
            var j = 0
            while j < st.count && st[j].location <= t { j += 1 }
            if j == 0 { lut[i] = px[0]; continue }
            if j == st.count { lut[i] = px[st.count - 1]; continue }
            let l0 = st[j - 1].location, l1 = st[j].location
            let f = l1 > l0 ? (t - l0) / (l1 - l0) : 1
            let a = px[j - 1], b = px[j]
            var out: UInt32 = 0
            for k in 0..<4 {
                let ca = Double((a >> (8 * k)) & 255), cb = Double((b >> (8 * k)) & 255)
                out |= UInt32((ca + (cb - ca) * f).rounded()) << (8 * k)
            }
            lut[i] = out
        }
        return lut
    }

    /// Premultiplied colours of pixels [x0, x1) of row y into out[0 ..< x1 − x0].
    func shade(_ y: Int, _ x0: Int, _ x1: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let n = Double(LinearGradient.size - 1)
        lut.withUnsafeBufferPointer { l in
            let base = l.baseAddress!
            var t = (t0 + Double(x0) * tx + Double(y) * ty) * n + 0.5
            let dt = tx * n
            for i in 0..<(x1 - x0) {
                let idx = t <= 0 ? 0 : (t >= n ? LinearGradient.size - 1 : Int(t))
                out[i] = base[idx]
                t += dt
            }
        }
    }
}
