import Geometry

/// A named element of a screen, as transitions that use elements see it (magic-move,
/// shrink-dismiss, and anything that grows from or lands on an element): where it is on the screen
/// and how round it is. The same for every kind of screen:
/// - mock and `layers` screens: a layer with that id (its frame follows every ancestor's
///   transform; the bounding box if rotated);
/// - screenshot screens: a region named in `elements`, whose pixels are the screenshot's own.
///
/// Its picture is `ElementSnapshot.render` (Raster) and the screen without it is
/// `Node.hidingElements` (drawn with the region's stand-in, or the layer left out).
public struct ScreenElement: Sendable, Hashable {
    public var id: String
    /// The element's frame in the screen's coordinates (points).
    public var frame: Rect
    public var cornerRadius: Double
    /// True for a screenshot region: its picture is the screen's own pixels inside the frame,
    /// not a layer drawn alone.
    public var isRegion: Bool

    public init(id: String, frame: Rect, cornerRadius: Double, isRegion: Bool) {
        self.id = id; self.frame = frame; self.cornerRadius = cornerRadius; self.isRegion = isRegion
    }
}

extension Node {
    /// A screenshot's named region (issue 15): draws nothing while shown, so the screenshot under
    /// it is the element; hidden, it draws `standIn` (a colour or the matching part of a second
    /// screenshot) clipped to its rounded frame. `frame` is in the screen's points.
    public static func region(id: String, frame: Rect, cornerRadius: Double, standIn: Node) -> Node {
        var n = Node(id: id, kind: .group, frame: frame, cornerRadius: cornerRadius, clips: true)
        n.standIn = [standIn]
        return n
    }

    /// True for a screenshot region made by `Node.region`.
    public var isRegion: Bool { !standIn.isEmpty }

    /// True for a region that is shown: it draws nothing (the screenshot under it is the element).
    public var isIdleRegion: Bool { isRegion && children.isEmpty }

    /// The screen without its shown regions: the same pixels, and a region's snapshot drawn from
    /// it does not walk every other region (issue 27.7: N regions made N snapshots of N nodes).
    public var withoutIdleRegions: Node {
        var n = self
        n.children = children.filter { !$0.isIdleRegion }
        return n
    }

    /// The element of this screen with that id (not the screen itself), or nil.
    public func element(id wanted: String) -> ScreenElement? {
        guard wanted != id, let n = find(id: wanted), let f = frameOfDescendant(id: wanted) else { return nil }
        // An ellipse is as round as it gets: a flight or a zoom that rounds its frame by this
        // radius keeps a round element round (a circle's frame rounded by half its side).
        var radius = n.cornerRadius
        if case .ellipse = n.kind { radius = min(f.width, f.height) / 2 }
        return ScreenElement(id: wanted, frame: f, cornerRadius: radius, isRegion: n.isRegion)
    }

    /// Every element of this screen by id, in one walk of the tree (issue 27.7: looking each of N
    /// matched elements up with `element(id:)` walked the tree N times, 25 s for 2 000). The first
    /// node of an id in depth-first order wins, as `find` and `frameOfDescendant` choose.
    public var elementIndex: [String: (node: Node, element: ScreenElement)] {
        var out: [String: (node: Node, element: ScreenElement)] = [:]
        func walk(_ n: Node, _ toRoot: Affine) {
            let m = n.localToParent.concatenating(toRoot)
            if let nid = n.id, out[nid] == nil {
                let f = m.apply(Rect(0, 0, n.frame.width, n.frame.height))
                out[nid] = (n, ScreenElement(id: nid, frame: f, cornerRadius: n.cornerRadius, isRegion: n.isRegion))
            }
            for c in n.children { walk(c, m) }
        }
        walk(self, .identity)   // frames in the screen's parent coordinates, as frameOfDescendant
        if let own = id { out[own] = nil }
        return out
    }

    /// The ids of every element of this screen, depth-first (the screen's own id left out).
    public var elementIDs: [String] { children.flatMap(\.allIDs) }

    /// The screen with these elements hidden, as a transition shows it while their snapshots fly:
    /// layers left out, screenshot regions showing their stand-ins.
    /// One walk for all of them (issue 27.7), as `hiding(id:)` applied for each id in turn.
    public func hidingElements(_ ids: [String]) -> Node {
        ids.count < 2 ? ids.first.map { hiding(id: $0) } ?? self : hiding(Set(ids))
    }

    func hiding(_ ids: Set<String>) -> Node {
        var copy = self
        if let own = copy.id, ids.contains(own) {
            if copy.isRegion { copy.children = copy.standIn } else { copy.hidden = true }
        }
        copy.children = copy.children.map { $0.hiding(ids) }
        return copy
    }
}
