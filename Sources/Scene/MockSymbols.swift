// Symbols for mock icons (settings rows, launcher apps): a few glyph-like drawings made of the
// scene's own shapes, in the manner of SF Symbols and Material Symbols (a bell for
// Notifications, a gear for General), so an icon says what it is instead of holding a blank tile.
import Geometry

enum MockSymbol: CaseIterable {
    case wifi, bell, gear, moon, sun, bars, battery, lock, speaker, plane, clock, photo, key, toggles
    case globe, apps, storage, person, pin, devices, info, envelope, camera, folder, play, bubble, calendar, note, heart, card, phone, bluetooth
    case bulb

    /// The symbol for an iOS Settings or Android Settings row, or a launcher app, by its label.
    static func named(_ label: String) -> MockSymbol {
        let table: [String: MockSymbol] = [
            "Airplane Mode": .plane, "Wi-Fi": .wifi, "Bluetooth": .bluetooth, "Cellular": .bars, "Notifications": .bell,
            "Sounds & Haptics": .speaker, "Focus": .moon, "Screen Time": .clock, "General": .gear, "Control Center": .toggles,
            "Display & Brightness": .sun, "Wallpaper": .photo, "Privacy": .lock, "Battery": .battery, "Passwords": .key,
            "Network & internet": .wifi, "Connected devices": .devices, "Apps": .apps, "Storage": .storage,
            "Sound & vibration": .speaker, "Display": .sun, "Wallpaper & style": .photo, "Accessibility": .person,
            "Security & privacy": .lock, "Location": .pin, "Passwords & accounts": .key, "Digital Wellbeing": .heart, "System": .info,
            "Photos": .photo, "Gmail": .envelope, "Maps": .pin, "Clock": .clock, "Camera": .camera, "Files": .folder, "Play": .play,
            "Chrome": .globe, "Phone": .phone, "Messages": .bubble, "Calendar": .calendar, "Drive": .folder, "Settings": .gear,
            "Keep": .bulb, "Meet": .camera, "News": .storage, "YouTube": .play, "Music": .note, "Fit": .heart, "Wallet": .card,
        ]
        return table[label] ?? .apps
    }

    /// The symbol drawn in `color` inside `frame` (a square), over a tile of colour `under`.
    func node(_ frame: Rect, color c: Color, under: Color) -> Node {
        let s = frame.width
        func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ radius: Double = 0, rotate: Double = 0, color: Color? = nil) -> Node {
            Node(kind: .rect, frame: Rect(x * s, y * s, w * s, h * s), fill: .solid(color ?? c), cornerRadius: radius * s,
                 transform: LayerTransform(rotate: rotate))
        }
        func o(_ x: Double, _ y: Double, _ w: Double, _ h: Double, color: Color? = nil) -> Node {
            Node(kind: .ellipse, frame: Rect(x * s, y * s, w * s, h * s), fill: .solid(color ?? c))
        }
        func ring(_ x: Double, _ y: Double, _ d: Double, _ width: Double) -> Node {
            var n = Node(kind: .ellipse, frame: Rect(x * s, y * s, d * s, d * s))
            n.border = Border(width: width * s, color: c)
            return n
        }
        func clipped(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ kids: [Node]) -> Node {
            Node(kind: .group, frame: Rect(x * s, y * s, w * s, h * s), clips: true,
                 children: kids.map { var k = $0; k.frame.origin = Point(k.frame.minX - x * s, k.frame.minY - y * s); return k })
        }
        let parts: [Node]
        switch self {
        case .wifi: parts = [clipped(0, 0, 1, 0.78, [ring(0.05, 0.2, 0.9, 0.1), ring(0.22, 0.37, 0.56, 0.1)]), o(0.4, 0.58, 0.2, 0.2)]
        case .bell: parts = [o(0.22, 0.12, 0.56, 0.6), r(0.22, 0.42, 0.56, 0.3), r(0.12, 0.66, 0.76, 0.1, 0.05), o(0.4, 0.76, 0.2, 0.14)]
        case .gear: parts = (0..<6).map { r(0.42, 0.06, 0.16, 0.88, 0.04, rotate: Double($0) * 30) } + [o(0.18, 0.18, 0.64, 0.64), o(0.37, 0.37, 0.26, 0.26, color: under)]
        case .moon: parts = [o(0.12, 0.12, 0.76, 0.76), o(0.34, 0.02, 0.7, 0.7, color: under)]
        case .sun: parts = (0..<4).map { r(0.45, 0.04, 0.1, 0.92, 0.05, rotate: Double($0) * 45) } + [o(0.22, 0.22, 0.56, 0.56, color: under), o(0.28, 0.28, 0.44, 0.44)]
        case .bars: parts = (0..<4).map { i in r(0.1 + Double(i) * 0.21, 0.7 - Double(i) * 0.18, 0.15, 0.2 + Double(i) * 0.18, 0.03) }
        case .battery: parts = [r(0.06, 0.28, 0.78, 0.44, 0.1), r(0.12, 0.34, 0.66, 0.32, 0.06, color: under), r(0.16, 0.38, 0.44, 0.24, 0.04), r(0.86, 0.4, 0.08, 0.2, 0.03)]
        case .lock: parts = [clipped(0, 0, 1, 0.5, [ring(0.26, 0.1, 0.48, 0.11)]), r(0.26, 0.3, 0.11, 0.2), r(0.63, 0.3, 0.11, 0.2), r(0.16, 0.46, 0.68, 0.46, 0.08)]
        case .speaker: parts = [r(0.1, 0.36, 0.2, 0.28, 0.03), r(0.22, 0.28, 0.3, 0.44, 0.04, rotate: 0), clipped(0.55, 0, 0.45, 1, [ring(0.3, 0.2, 0.6, 0.09)])]
        case .plane: parts = [r(0.44, 0.04, 0.12, 0.92, 0.06), r(0.06, 0.4, 0.88, 0.14, 0.07, rotate: -12), r(0.3, 0.8, 0.4, 0.1, 0.05)]
        case .clock: parts = [ring(0.08, 0.08, 0.84, 0.1), r(0.46, 0.2, 0.08, 0.34, 0.04), r(0.46, 0.46, 0.26, 0.08, 0.04)]
        case .photo: parts = [r(0.08, 0.16, 0.84, 0.68, 0.1), r(0.15, 0.23, 0.7, 0.54, 0.05, color: under), o(0.22, 0.3, 0.18, 0.18), clipped(0.15, 0.23, 0.7, 0.54, [o(0.05, 0.55, 0.9, 0.6)])]
        case .key: parts = [ring(0.06, 0.3, 0.4, 0.11), r(0.42, 0.45, 0.52, 0.11, 0.05), r(0.72, 0.5, 0.1, 0.2, 0.03), r(0.84, 0.5, 0.1, 0.16, 0.03)]
        case .toggles: parts = [r(0.08, 0.14, 0.84, 0.3, 0.15), o(0.6, 0.18, 0.22, 0.22, color: under), r(0.08, 0.56, 0.84, 0.3, 0.15), o(0.18, 0.6, 0.22, 0.22, color: under)]
        case .globe:
            var meridian = Node(kind: .ellipse, frame: Rect(0.3 * s, 0.08 * s, 0.4 * s, 0.84 * s))
            meridian.border = Border(width: 0.09 * s, color: c)
            parts = [ring(0.08, 0.08, 0.84, 0.09), meridian, r(0.1, 0.455, 0.8, 0.09)]
        case .apps: parts = [(0.1, 0.1), (0.55, 0.1), (0.1, 0.55), (0.55, 0.55)].map { r($0.0, $0.1, 0.35, 0.35, 0.1) }
        case .storage: parts = [0.14, 0.42, 0.7].map { r(0.1, $0, 0.8, 0.18, 0.06) }
        case .person: parts = [o(0.38, 0.06, 0.24, 0.24), r(0.1, 0.36, 0.8, 0.11, 0.05), r(0.44, 0.36, 0.12, 0.3), r(0.3, 0.62, 0.11, 0.32, 0.05, rotate: 15), r(0.59, 0.62, 0.11, 0.32, 0.05, rotate: -15)]
        case .pin: parts = [r(0.3, 0.3, 0.4, 0.4, 0.04, rotate: 45), o(0.22, 0.06, 0.56, 0.56), o(0.39, 0.23, 0.22, 0.22, color: under)]
        case .devices: parts = [r(0.06, 0.2, 0.6, 0.44, 0.05), r(0.02, 0.68, 0.68, 0.08, 0.04), r(0.7, 0.34, 0.26, 0.48, 0.06)]
        case .info: parts = [ring(0.08, 0.08, 0.84, 0.09), o(0.44, 0.24, 0.12, 0.12), r(0.445, 0.42, 0.11, 0.34, 0.04)]
        case .envelope: parts = [r(0.06, 0.2, 0.88, 0.6, 0.08), clipped(0.06, 0.2, 0.88, 0.6, [r(0.3, -0.12, 0.4, 0.4, 0.04, rotate: 45, color: under)])]
        case .camera: parts = [r(0.06, 0.26, 0.88, 0.6, 0.1), r(0.32, 0.16, 0.36, 0.16, 0.04), o(0.3, 0.36, 0.4, 0.4, color: under), o(0.38, 0.44, 0.24, 0.24)]
        case .folder: parts = [r(0.06, 0.18, 0.4, 0.2, 0.05), r(0.06, 0.28, 0.88, 0.56, 0.07)]
        case .play: parts = [clipped(0.28, 0.1, 0.5, 0.8, [r(-0.02, 0.22, 0.56, 0.56, 0.06, rotate: 45)])]
        case .bubble: parts = [r(0.06, 0.12, 0.88, 0.6, 0.22), r(0.2, 0.58, 0.2, 0.2, 0.03, rotate: 30)]
        case .calendar: parts = [r(0.1, 0.14, 0.8, 0.76, 0.1), r(0.16, 0.34, 0.68, 0.5, 0.04, color: under), r(0.26, 0.06, 0.1, 0.16, 0.04), r(0.64, 0.06, 0.1, 0.16, 0.04),
                                 r(0.24, 0.44, 0.14, 0.12, 0.02), r(0.43, 0.44, 0.14, 0.12, 0.02), r(0.62, 0.44, 0.14, 0.12, 0.02), r(0.24, 0.64, 0.14, 0.12, 0.02)]
        case .note: parts = [o(0.14, 0.62, 0.32, 0.26), r(0.36, 0.1, 0.1, 0.66), r(0.36, 0.1, 0.44, 0.12, 0.03, rotate: 12)]
        case .heart: parts = [o(0.08, 0.16, 0.46, 0.46), o(0.46, 0.16, 0.46, 0.46), r(0.24, 0.3, 0.52, 0.52, 0.06, rotate: 45)]
        case .card: parts = [r(0.06, 0.2, 0.88, 0.6, 0.1), r(0.06, 0.34, 0.88, 0.12, color: under), r(0.16, 0.6, 0.26, 0.08, 0.03, color: under)]
        // Material Symbols' "call": a handset, earpiece at the top left, mouthpiece at the bottom
        // right, its grip curving through the bottom left (a tilted phone body read as a pencil).
        case .phone: parts = [clipped(0, 0.2, 0.8, 0.8, [ring(0.2, -0.4, 1.2, 0.24)]), r(0.1, 0.08, 0.36, 0.22, 0.07), r(0.7, 0.54, 0.22, 0.36, 0.07)]
        // Keep's light bulb (a notes app; the quaver `note` is Music's).
        case .bulb: parts = [o(0.22, 0.04, 0.56, 0.56), r(0.34, 0.44, 0.32, 0.24, 0.05), r(0.36, 0.72, 0.28, 0.08, 0.04), r(0.4, 0.84, 0.2, 0.08, 0.04)]
        case .bluetooth: parts = [r(0.45, 0.06, 0.1, 0.88, 0.04), r(0.42, 0.17, 0.1, 0.38, 0.04, rotate: -45), r(0.42, 0.45, 0.1, 0.38, 0.04, rotate: 45),
                                  r(0.28, 0.2, 0.1, 0.38, 0.04, rotate: 45), r(0.28, 0.42, 0.1, 0.38, 0.04, rotate: -45)]
        }
        return Node(kind: .group, frame: frame, children: parts)
    }
}
