import Geometry

/// The XML dumps: uiautomator and Appium on Android (`bounds="[l,t][r,b]"`, pixels) and Appium on
/// iOS (`x y width height`, points), read in one pass over XMLTokenizer's events.
enum XMLDumps {
    /// The attributes the readers use; the rest of a node (its text, content-desc…) is not kept.
    static let used: Set<String> = ["bounds", "resource-id", "class", "displayed", "visible", "visible-to-user",
                                    "x", "y", "width", "height", "name", "label", "type"]

    static func read(_ bytes: [UInt8]) throws(HierarchyError) -> HierarchyDump {
        var t = XMLTokenizer(bytes, keep: used)
        guard let root = try t.next() else { throw HierarchyError("no root element") }
        let android = root.name == "hierarchy"
        guard android || root.name == "AppiumAUT" || root.name.hasPrefix("XCUIElementType") else {
            throw HierarchyError("<\(root.name)> is not the root of a known hierarchy dump (expected <hierarchy> from uiautomator or Appium on Android, <AppiumAUT> or <XCUIElementType…> from Appium on iOS)", at: root.position)
        }
        var dump = HierarchyDump(format: android ? .uiautomator : .appiumIOS, units: android ? .pixels : .points, rootSize: nil, nodes: [])
        if android, let w = root.attribute("width").flatMap(Double.init), let h = root.attribute("height").flatMap(Double.init) { dump.rootSize = Size(w, h) }
        // Visibility of the open elements: a node inside an invisible one is invisible.
        var visible: [Bool] = []
        var event: XMLEvent? = root
        var sawChild = false
        while let e = event {
            switch e.kind {
            case .end:
                visible.removeLast()
            case .start(let selfClosing):
                let shown = (visible.last ?? true) && isShown(e)
                if android && e.depth > 0 && !sawChild { sawChild = true; if e.name != "node" { dump.format = .appiumAndroid } }
                if let node = try android ? androidNode(e, shown) : iosNode(e, shown) {
                    if dump.rootSize == nil { dump.rootSize = node.frame.size }
                    dump.nodes.append(node)
                }
                if !selfClosing { visible.append(shown) }
            }
            event = try t.next()
        }
        return dump
    }

    static func isShown(_ e: XMLEvent) -> Bool {
        !["visible", "displayed", "visible-to-user"].contains { e.attribute($0) == "false" }
    }

    /// `[l,t][r,b]`.
    static func bounds(_ s: String) -> Rect? {
        let parts = s.split(whereSeparator: { "[],".contains($0) }).map { Double($0) }
        guard parts.count == 4, let l = parts[0], let t = parts[1], let r = parts[2], let b = parts[3],
              s.hasPrefix("["), s.hasSuffix("]") else { return nil }
        return Rect(l, t, r - l, b - t)
    }

    /// `com.app:id/photo` → `photo`; an id without a package (a Compose test tag) as it is.
    static func resourceName(_ id: String?) -> String? {
        guard let id, !id.isEmpty else { return nil }
        if let r = id.firstRange(of: ":id/") { let name = String(id[r.upperBound...]); return name.isEmpty ? nil : name }
        return id
    }

    static func androidNode(_ e: XMLEvent, _ shown: Bool) throws(HierarchyError) -> DumpNode? {
        guard let text = e.attribute("bounds") else { return nil }
        guard let frame = bounds(text) else {
            throw HierarchyError("bounds=\"\(clipped(text))\" is not [left,top][right,bottom]", at: e.position)
        }
        return DumpNode(identifier: resourceName(e.attribute("resource-id")), type: e.attribute("class") ?? e.name, frame: frame,
                        visible: shown, line: e.position.line, column: e.position.column)
    }

    /// WebDriverAgent's `name` is the accessibility identifier when one is set, else the label:
    /// a name equal to the label is a label, not an identifier.
    static func iosNode(_ e: XMLEvent, _ shown: Bool) throws(HierarchyError) -> DumpNode? {
        let keys = ["x", "y", "width", "height"]
        let values = keys.map { e.attribute($0) }
        guard values.contains(where: { $0 != nil }) else { return nil }
        var numbers: [Double] = []
        for (k, v) in zip(keys, values) {
            guard let v, let d = Double(v), d.isFinite else {
                throw HierarchyError("<\(e.name)> needs a number for \(k) (got \(v.map { "\"\(clipped($0))\"" } ?? "nothing"))", at: e.position)
            }
            numbers.append(d)
        }
        let name = e.attribute("name").flatMap { $0.isEmpty || $0 == e.attribute("label") ? nil : $0 }
        return DumpNode(identifier: name, type: e.attribute("type") ?? e.name, frame: Rect(numbers[0], numbers[1], numbers[2], numbers[3]),
                        visible: shown, line: e.position.line, column: e.position.column)
    }

    static func clipped(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "…" : s }
}
