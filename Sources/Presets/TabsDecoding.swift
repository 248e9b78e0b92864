import Scene

extension PresetDecoder {
    /// A Material mock's navigation bar: `"tabs": ["Photos", "For you", "Albums"], "tab": 1`
    /// (docs/PRESETS.md): three to five destination labels and the selected one's index (default
    /// 0). Nil, with a problem for each bad part, when the screen declares none or a bad one.
    static func decodeTabs(_ v: JSONNode, _ path: JSONPath, material: Bool, _ r: FieldReader) -> MockTabs? {
        guard case .object(let members) = v.value, members.contains(where: { $0.key == "mock" }) else { return nil }
        let tabsNode = members.first(where: { $0.key == "tabs" })?.value, tabNode = members.first(where: { $0.key == "tab" })?.value
        guard let tabsNode else {
            if let tabNode { r.problem(path.key("tab"), "\"tab\" selects one of the screen's \"tabs\", and it declares none", tabNode) }
            return nil
        }
        guard material else {
            r.problem(path.key("tabs"), "\"tabs\" draws Material 3's navigation bar: it applies to Material mocks (\"style\": \"material\" or an Android device)",
                      tabsNode, expected: "a Material mock")
            return nil
        }
        let range = MockTabs.counts
        guard let items = r.array(tabsNode, path.key("tabs"), count: range) else { return nil }
        let labels = items.enumerated().compactMap { i, item in r.string(item, path.key("tabs").index(i)) }
        guard labels.count == items.count else { return nil }
        var selected = 0
        if let tabNode {
            guard let k = r.integer(tabNode, path.key("tab"), 0...(labels.count - 1)) else { return nil }
            selected = k
        }
        return MockTabs(labels: labels, selected: selected)
    }
}
