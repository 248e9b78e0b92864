import Presets

/// The device whose screen has a screenshot's pixel size (`segue import`). Devices with the
/// same metrics (iphone-13 and iphone-14) are interchangeable: the first is taken. Sizes that
/// fit devices that differ, or no device, are an error with the nearest names.
enum DeviceGuess {
    static func device(width w: Int, height h: Int) -> Result<Device, ImportError> {
        let matches = Device.all.filter { $0.pixelSize() == (w, h) }
        func listed(_ ds: [Device]) -> String {
            ds.map { d in let p = d.pixelSize(); return "\(d.name) (\(p.width)×\(p.height) px)" }.joined(separator: ", ")
        }
        if matches.isEmpty {
            let nearest = Device.all.sorted { a, b in distance(a, w, h) < distance(b, w, h) }.prefix(3)
            let turned = w > h ? " (landscape screenshots: import takes portrait ones)" : ""
            return .failure(ImportError("no device has \(w)×\(h) px screenshots\(turned); did you mean \(listed(Array(nearest)))? Give --device NAME (segue list devices)"))
        }
        let first = matches[0]
        let alike = matches.allSatisfy { $0.points == first.points && $0.scale == first.scale && $0.cornerRadius == first.cornerRadius
            && $0.safeTop == first.safeTop && $0.safeBottom == first.safeBottom && $0.platform == first.platform }
        guard alike else {
            return .failure(ImportError("\(w)×\(h) px fits several devices that differ: \(listed(matches)); did you mean one of them? Give --device NAME"))
        }
        return .success(first)
    }

    static func distance(_ d: Device, _ w: Int, _ h: Int) -> Int {
        let p = d.pixelSize()
        return abs(p.width - w) + abs(p.height - h)
    }
}

/// A reason `segue import` wrote nothing (exit 2: the input folder or the arguments).
public struct ImportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ d: String) { description = d }
}
