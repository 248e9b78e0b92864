extension PresetCheck {
    /// A screenshot's `navigationBar` given as a number taller than the device's standard bar (44 pt
    /// on iPhone): held whole, a large title in it would cross-fade in place while its page also
    /// moves it. The author says which it is with the object form, which silences the hint.
    static func navigationBarWarnings(_ preset: Preset, file: String) -> [Problem] {
        guard preset.device.platform == .ios else { return [] }
        let standard = DeclaredNavigationBar.standardHeight(tablet: preset.device.chrome.layout == .tablet)
        var out: [Problem] = []
        for (id, _) in preset.screens {
            guard let bar = preset.extras[id]?.navigationBar, !bar.explicit, bar.height > standard else { continue }
            let h = JSONNode.format(bar.height), extra = JSONNode.format(bar.height - standard)
            out.append(Problem(file: file, path: JSONPath("screens").key(id).key("navigationBar").text,
                               message: "a \(h) pt band is taller than \(preset.device.name)'s \(JSONNode.format(standard)) pt navigation bar: if its lowest \(extra) pt are a large title, write { \"height\": \(h), \"largeTitle\": \(extra) } so the title moves with its page as UIKit moves it; { \"height\": \(h) } holds the whole band in place without this hint",
                               expected: "{ \"height\": \(h), \"largeTitle\": \(extra) } or { \"height\": \(h) }", found: h, severity: .warning))
        }
        return out
    }
}
