// A bitmap's mirror image, for right-to-left transitions: a matched element's picture is flipped
// once, composed into a mirrored transition, and flipped back with the whole scene, so it shows
// as drawn (FrameComposer, Mirroring.swift).
extension Bitmap {
    /// A new bitmap whose row y is this one's row y reversed.
    public func mirroredHorizontally() -> Bitmap {
        let out = Bitmap(uncheckedWidth: width, height: height)
        for y in 0..<height {
            let s = row(y), d = out.row(y)
            for x in 0..<width { d[width - 1 - x] = s[x] }
        }
        return out
    }
}
