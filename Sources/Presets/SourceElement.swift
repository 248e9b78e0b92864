import Geometry
import Scene
import Transitions

// What a step needs from the preset for the transitions that grow out of one element of the screen
// underneath (navigation-zoom's `source`, sheet's `from`), and for parameters that default to the
// device's own value.

extension Resolver {
    /// The one matched pair of a source-element transition: the element's id on the underneath
    /// side and on the other its `counterpart` ("" for none) — (id, counterpart) for a push or
    /// present, (counterpart, id) for a pop or dismiss. Without a counterpart FrameComposer
    /// snapshots and hides the element on the underneath screen alone, even if the other screen
    /// has an element of that id. Problems: `match` given as well, or no such element on the
    /// screen underneath (the path is the parameter's).
    func sourcePair(_ id: String, _ spec: StepSpec, _ underneath: Node, counterpart: String? = nil, forward: Bool, path: String,
                    name: String, problem: (String, String) -> Void) -> [(from: String, to: String)] {
        let ids = Array(underneath.allIDs.dropFirst())
        if id.isEmpty {
            problem(path + ".transition", "\(name) needs the element it grows out of: give \"source\", an id on \"\(underneath.id ?? "?")\" (ids: \(FieldReader.listing(ids)))")
            return []
        }
        if spec.match != nil {
            problem(path + ".match", "\(name) takes its element from its parameter (\"\(id)\"), not from match; remove \"match\"")
            return []
        }
        if underneath.find(id: id) != nil && id != underneath.id {
            let other = counterpart ?? ""
            return forward ? [(id, other)] : [(other, id)]
        }
        let at = spec.parameters.first { if case .string(let s) = $0.value.node.value { return s == id } else { return false } }
        problem(at?.value.path.text ?? path + ".transition",
                "no element \"\(id)\" on the screen underneath, \"\(underneath.id ?? "?")\"\(FieldReader.hint(id, ids)) (ids: \(FieldReader.listing(ids)))")
        return []
    }
}

extension TimelineResolution {
    /// The element of the new screen `top` that the source element `id` becomes (navigation-zoom
    /// lands its picture there, as UIKit's zoom aligns the source view with a rect of the zoomed
    /// view: `ZoomOptions.alignmentRectProvider`): the element of the same id, or, for a grid
    /// cell `photoN`, the hero of a `detail` mock declared with `"photo": N` (it shows that
    /// photo). Nil when the new screen has none: the zoom then grows the whole screen out of it.
    func counterpart(of id: String, on top: String) -> String? {
        guard let node = screens[top] else { return nil }
        if id != node.id, node.find(id: id) != nil { return id }
        if let n = preset.extras[top]?.photo, id == "photo\(n)", node.find(id: Mocks.heroID) != nil { return Mocks.heroID }
        return nil
    }
}

extension Parameters {
    /// A number parameter whose value is still its catalog default `"device"` (navigation-zoom's
    /// `cornerRadius`) takes the device's screen corner radius; `"statusBar"` (the sheet's
    /// `safeTop`) the device's status bar height.
    func resolvingDevice(_ device: Device, _ entry: CatalogEntry) -> Parameters {
        var out = self
        for spec in entry.parameters {
            guard case .number = spec.kind, case .string(let s)? = values[spec.name] else { continue }
            if s == "device" { out.values[spec.name] = .number(device.cornerRadius) }
            if s == "statusBar" { out.values[spec.name] = .number(device.chrome.statusBarHeight) }
        }
        return out
    }
}
