import Foundation
import Media
import Motion
import Presets
import Scene
import Transitions

// `segue list transitions|curves|devices|mocks|demos|targets`: the catalogs.

extension Command {
    static let list = Command(
        name: "list", synopsis: "segue list transitions|curves|devices|mocks|demos|targets", summary: "a catalog",
        about: "Prints a catalog (targets: the --for destinations, each rule with its source).", options: [],
        run: runList)
}

func runList(_ a: Arguments) throws {
    let args = a.positionals
    guard args.count == 1 else { throw Failure(code: .usage, message: "usage: segue list transitions|curves|devices|mocks|demos|targets") }
    switch args[0] {
    case "transitions":
        for e in Catalog.entries {
            print("\(e.name)\n    \(e.summary)")
            for p in e.parameters { print("    \(pad(p.name, 16))default \(pad(p.defaultValue.description, 8)) \(p.summary)") }
        }
    case "curves":
        for c in CurveMapping.catalog { print("\(pad(c.name, 12)) \(c.summary)") }
    case "devices":
        for d in Device.all { print(deviceLine(d)) }
    case "mocks":
        for m in Mocks.kinds { print("\(pad(m.name, 10)) \(m.description)") }
    case "demos":
        for d in Demos.all { print("\(pad(d.name, 16)) \(d.summary)") }
    case "targets": listTargets()
    default:
        throw Failure(code: .usage, message: "unknown list \"\(args[0])\" (transitions, curves, devices, mocks, demos, targets)")
    }
}

func deviceLine(_ d: Device) -> String {
    let (w, h) = d.pixelSize()
    return "\(pad(d.name, 20)) \(pad("\(Int(d.points.width))×\(Int(d.points.height)) pt", 14)) @\(d.scale == d.scale.rounded() ? String(Int(d.scale)) : String(d.scale))x  \(pad("\(w)×\(h) px", 14)) corner \((d.cornerRadius * 100).rounded() / 100)\(d.platform == .android ? "  android" : "")"
}
