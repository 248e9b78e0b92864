import Geometry

/// How round a screen-sized card or window looks as it leaves or fills the display (issue 28: no
/// snaps at a transition's ends). On a phone a window keeps the display's corner radius and the
/// display's own rounded mask hides it while the window fills the screen; a video frame is
/// square, so a window drawn with the display's radius right up to rest squares off in one frame.
/// Here the radius follows the window's size instead: R while the window is smaller than the
/// display by `R / slope` points a side or more, falling linearly to 0 as it grows to the full
/// display. The ends of a transition (window at rest, full size) are square like the stills, and
/// the radius changes by `slope` times the edge's motion per frame, which is small where the
/// motion settles; under a drawn display mask of radius R none of it is visible.
enum WindowCorners {
    /// Points of radius per point the window is smaller than the display on each side: at 1/3
    /// of R (16 pt for a 47 pt display) inside the display, the window has the full radius.
    static let slope = 3.0

    /// The radius (points, as seen on the display) of a window at `window` with display radius `radius`.
    static func radius(_ radius: Double, window: Rect, canvas: Size) -> Double {
        let inset = min(canvas.width - window.width, canvas.height - window.height) / 2
        return max(0, min(radius, slope * inset))
    }
}
