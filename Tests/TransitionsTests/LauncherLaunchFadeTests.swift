import XCTest
import Geometry
import Raster
import Scene
import Transitions

/// Issue 28, review 5: opening an app from the launcher (`predictive-back-home` pushed,
/// catalog/predictive-back-home 0.30–0.75 s) faded the app's window in over the first half of the
/// step, so for about 200 ms the launcher's icons showed through the growing app. Launcher3
/// (QuickstepTransitionManager.getOpeningWindowAnimators) draws the window at 1 − the floating
/// icon's alpha, and the icon fades out linearly from 25 ms for 50 ms of the 500 ms launch
/// (APP_LAUNCH_ALPHA_START_DELAY, APP_LAUNCH_ALPHA_DURATION, APP_LAUNCH_DURATION): the window is
/// opaque from 75 ms, 15 % of the step, on.
final class LauncherLaunchFadeTests: XCTestCase {
    let canvas = Size(400, 800)

    /// The display's centre at progress `p` of a launch of a red app over a blue home screen
    /// (no icon named: the window grows out of the centre, so it always covers the centre).
    func centre(_ p: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
        let app = Node.rect(Rect(0, 0, 400, 800), Color(r: 1, g: 0, b: 0)), home = Node.rect(Rect(0, 0, 400, 800), Color(r: 0, g: 0, b: 1))
        let b = Bitmap(uncheckedWidth: 400, height: 800, fill: .black)
        let frame = TransitionFrame(from: home, to: app, canvas: canvas, operation: .push, progress: p, interaction: nil)
        Renderer.render(PredictiveBackHomeTransition().scene(frame), scale: 1, into: b)
        let c = b.rgba(x: 200, y: 400)
        return (c.r, c.g, c.b)
    }

    /// Launcher3's window alpha at progress `p`: linear from 25 to 75 ms of 500.
    func launcherAlpha(_ p: Double) -> Double { min(1, max(0, (p * 500 - 25) / 50)) }

    func testTheWindowIsOpaqueFromSeventyFiveMilliseconds() {
        for p in [0.0, 0.04, 0.08, 0.1, 0.12, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1.0] {
            let c = centre(p), a = launcherAlpha(p)
            XCTAssertEqual(Double(c.r), 255 * a, accuracy: 1.5, "red (the app) at progress \(p)")
            XCTAssertEqual(Double(c.b), 255 * (1 - a), accuracy: 1.5, "blue (the launcher through it) at progress \(p)")
        }
    }
}
