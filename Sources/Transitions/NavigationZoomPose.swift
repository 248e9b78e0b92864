import Geometry

extension NavigationZoomTransition {
    /// Where the zoom's card is in a frame: its rect and corner radius, the dim over the screen
    /// underneath, how far it is from the source (0 at the source: the push's first frame, a
    /// landing's last), and where it draws its counterpart's resting frame (nil without one).
    struct Pose {
        var rect: Rect
        var radius: Double
        var dim: Double
        var away: Double
        var hero: Rect?
    }

    /// The pose of a flight at forward progress p (R(p) = lerp(source frame, screen, p), the
    /// counterpart from aspect-filled over the source to its own frame), or of a drag: the card
    /// centred on the finger and scaled by it, then landing in the source or springing back.
    func pose(_ frame: TransitionFrame, source src: ZoomLayers.Source, counterpart: ZoomFlight.Counterpart?) -> Pose {
        let pf = frame.forward.progress, c = frame.canvas, full = Rect(0, 0, c.width, c.height)
        // Where the counterpart's resting frame is drawn (the card's content follows it).
        let heroAtSource = counterpart.map { ZoomFlight.covering($0.frame, src.frame) }
        var p = Pose(rect: src.frame.interpolated(to: full, pf), radius: src.cornerRadius + (cornerRadius - src.cornerRadius) * pf,
                     dim: dim * pf, away: pf, hero: counterpart.flatMap { h in heroAtSource.map { $0.interpolated(to: h.frame, pf) } })
        if let i = frame.interaction, !frame.operation.isForward {
            // The dragged card: centred on the finger, scaled by the drag.
            let s = NavigationZoomTransition.scale(progress: i.released ? i.releaseProgress : frame.progress)
            let lifted = Rect(c.width / 2 + i.translation.x - s * c.width / 2, c.height / 2 + i.translation.y - s * c.height / 2,
                              s * c.width, s * c.height)
            let k = i.completion(progress: frame.progress)
            let landing = i.released && i.finishing
            p.rect = i.released ? lifted.interpolated(to: landing ? src.frame : full, k) : lifted
            if let h = counterpart, let atSource = heroAtSource {
                let held = ZoomFlight.scaled(h.frame, by: s, at: lifted.origin)
                p.hero = i.released ? held.interpolated(to: landing ? atSource : h.frame, k) : held
            }
            // The lifted card has the display's radius (squared off only while it still fills the
            // display, `WindowCorners`); landing, it turns into the source's.
            p.radius = !i.released || !landing ? cornerRadius : cornerRadius + (src.cornerRadius - cornerRadius) * k
            p.dim = !i.released ? dim * s : landing ? dim * s * (1 - k) : dim * s + (dim - dim * s) * k
            p.away = landing ? 1 - k : 1
        }
        // Growing to the full display the corners square off with the card's size, so the last
        // frame is the screen itself without a one-frame snap from the display's radius to none.
        p.radius = min(p.radius, WindowCorners.radius(cornerRadius, window: p.rect, canvas: c))
        return p
    }
}
