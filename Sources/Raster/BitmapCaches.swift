// Lazily derived data of a bitmap that is used as a source: whether it is opaque (so OVER can be a
// row copy) and its mip chain (for sampling below 0.5×). Computed once under a lock; a bitmap
// that is written after being drawn from must call `invalidateCaches()`.
import Synchronization

final class BitmapCaches: Sendable {
    struct State { var opaque: Bool?; var mips: [Bitmap] = [] }
    let state = Mutex(State())
}

extension Bitmap {
    /// Forget derived data (opacity, mipmaps). Call after writing `pixels` directly if the bitmap
    /// was already drawn from. `clear` and `copy(from:)` call it.
    public func invalidateCaches() {
        caches.state.withLock { $0 = BitmapCaches.State() }
    }

    /// `isOpaque`, computed once and remembered.
    public var isOpaqueCached: Bool {
        if let o = caches.state.withLock({ $0.opaque }) { return o }
        let o = isOpaque
        caches.state.withLock { $0.opaque = o }
        return o
    }

    /// Tell the bitmap it is opaque (a snapshot over an opaque background) without scanning it.
    public func markOpaque(_ opaque: Bool = true) { caches.state.withLock { $0.opaque = opaque } }

    /// Mip level `k` ≥ 1 (each level halves the previous with a rounded 2×2 box average of
    /// premultiplied pixels; odd edges average the pixels that exist), or nil when too small.
    public func mipLevel(_ k: Int) -> Bitmap? {
        if k <= 0 { return self }
        return caches.state.withLock { st -> Bitmap? in
            while st.mips.count < k {
                let prev = st.mips.last ?? self
                if prev.width == 1 && prev.height == 1 { return nil }
                st.mips.append(prev.halved())
            }
            return st.mips[k - 1]
        }
    }

    func halved() -> Bitmap {
        let w = (width + 1) / 2, h = (height + 1) / 2
        let out = Bitmap(uncheckedWidth: w, height: h)
        for y in 0..<h {
            let r0 = row(2 * y), r1 = row(min(2 * y + 1, height - 1))
            let ny: UInt32 = (2 * y + 1 < height) ? 2 : 1
            let d = out.row(y)
            for x in 0..<w {
                let x0 = 2 * x, x1 = min(2 * x + 1, width - 1)
                let nx: UInt32 = (2 * x + 1 < width) ? 2 : 1
                let n = nx * ny
                var rb: UInt32 = 0, ag: UInt32 = 0  // 4 × 255 fits in the 16-bit lanes
                let ps: (UInt32, UInt32, UInt32, UInt32) = (r0[x0], nx == 2 ? r0[x1] : 0, ny == 2 ? r1[x0] : 0, (nx == 2 && ny == 2) ? r1[x1] : 0)
                rb = (ps.0 & rbMask) &+ (ps.1 & rbMask) &+ (ps.2 & rbMask) &+ (ps.3 & rbMask)
                ag = ((ps.0 >> 8) & rbMask) &+ ((ps.1 >> 8) & rbMask) &+ ((ps.2 >> 8) & rbMask) &+ ((ps.3 >> 8) & rbMask)
                let half = (n / 2) * 0x0001_0001
                let rbo: UInt32, ago: UInt32
                switch n {
                case 4: rbo = ((rb &+ half) >> 2) & rbMask; ago = ((ag &+ half) >> 2) & rbMask
                case 2: rbo = ((rb &+ half) >> 1) & rbMask; ago = ((ag &+ half) >> 1) & rbMask
                default: rbo = rb; ago = ag
                }
                d[x] = rbo | (ago << 8)
            }
        }
        return out
    }
}
