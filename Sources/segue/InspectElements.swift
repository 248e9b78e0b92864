import Foundation
import Presets
import Scene

/// `segue inspect`'s element table (issue 31): each shown screen's named elements in the order
/// the story shows the screens, with frames in points and where each came from — a dump's file
/// and line, the preset's JSON path, or the built-in mock.
func printElements(_ s: Storyboard) {
    var order = [s.start]
    for step in s.steps where !order.contains(step.after) { order.append(step.after) }
    let rows = order.compactMap { id in s.screens[id].map { (id, $0) } }.filter { !$0.1.elementIDs.isEmpty }
    guard !rows.isEmpty else { return }
    print("\nelements (points: x, y, width, height)")
    for (id, screen) in rows {
        print(printable(id))
        for name in screen.elementIDs {
            guard let e = screen.element(id: name) else { continue }
            let f = e.frame
            let numbers = [f.minX, f.minY, f.width, f.height].map { pad(String(format: "%.3f", $0), 10) }.joined()
            let origin = s.elementOrigins[id]?[name] ?? "mock"
            print("  " + pad(printable(name), 22) + numbers + printable(origin))
        }
    }
}

/// A name from a preset or a dump as printed: quoted with escapes when it holds anything that is
/// not plainly printable (control characters, spaces), so a terminal shows it as it is.
func printable(_ s: String) -> String {
    let plain = !s.isEmpty && s.unicodeScalars.allSatisfy { !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        && $0.properties.generalCategory != .format }
    return plain ? s : String(reflecting: s)
}
