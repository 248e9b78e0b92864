import Geometry

extension Mocks {
    /// The `grid` mock's `photoN` for a seed (nil if that grid has no such photo): what a detail
    /// mock with `photo: N` shows as its hero, so a matched cell and hero are one picture.
    public static func gridPhoto(_ n: Int, size: Size, dark: Bool = false, tint: Color? = nil, seed: Int) -> Node? {
        var b = Builder(size: size, dark: dark, tint: tint, seed: seed)
        return b.grid(title: "", items: 30).find(id: "photo\(n)")
    }

    /// Whether a `detail` mock with `photo: n` has that photo to show: the grid's photoN (iOS), or
    /// a post of the Material feed with photoN; and how many photos there are to choose from.
    public static func detailPhoto(_ n: Int, size: Size, seed: Int, style: MockStyle) -> (exists: Bool, count: Int, source: String) {
        if style == .material {
            let count = countedFeed(size: size, seed: seed, style: .material).elementIDs.filter { $0.hasPrefix("photo") }.count
            return (n >= 0 && n < count, count, "feed")
        }
        return (gridPhoto(n, size: size, seed: seed) != nil, gridPhotoCount(size: size, seed: seed), "grid")
    }

    /// The number of photos of the `grid` mock on a canvas (`photo0…`).
    public static func gridPhotoCount(size: Size, seed: Int) -> Int {
        var b = Builder(size: size, dark: false, tint: nil, seed: seed)
        return b.grid(title: "", items: 30).elementIDs.filter { $0.hasPrefix("photo") }.count
    }
}

extension Builder {
    /// A picture shown in another frame as UIImageView's scaleAspectFill shows it: scaled
    /// uniformly about the frame's centre until it covers the frame, cropped to it.
    static func aspectFilled(_ picture: Node, into frame: Rect, id: String) -> Node {
        var p = picture
        p.id = nil
        let k = max(frame.width / p.frame.width, frame.height / p.frame.height)
        p.frame.origin = Point((frame.width - p.frame.width) / 2, (frame.height - p.frame.height) / 2)
        p.transform = LayerTransform(scale: Point(k, k))
        return Node(id: id, kind: .group, frame: frame, clips: true, children: [p])
    }
}
