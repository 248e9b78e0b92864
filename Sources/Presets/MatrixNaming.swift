// How a matrix combination names its clip (docs/PRESETS.md, "Matrix"): `<name>-<value>-<value>…`,
// or, when the preset's `"name"` is a matrix variable (`"name": "$screen"` with
// `"vars.screen": [...]`), that variable's value followed by the other keys' values — the value
// already in the name is not repeated. Expansion checks with the same rule that no two
// combinations give one name, so collisions are found before anything renders.

struct MatrixNaming: Sendable {
    /// The preset's `name`, else its file's name.
    var base: String
    /// The file's name: the base of a combination that does not set `variable`.
    var fileName: String
    /// `vars.NAME` when the preset's name is exactly `"$NAME"` for a key of the matrix.
    var variable: String?

    init(root: JSONNode, defaultName: String, keys: [String]) {
        base = PresetSource.baseName(root, defaultName: defaultName)
        fileName = defaultName
        let key = "vars." + base.dropFirst()
        variable = base.hasPrefix("$") && keys.contains(key) ? key : nil
    }

    func name(_ c: MatrixCombination) -> String {
        guard let variable else { return base + "-" + c.nameSuffix }
        let rest = MatrixCombination(values: c.values.filter { $0.key != variable })
        guard let value = c.value(variable) else { return fileName + "-" + rest.nameSuffix }
        return rest.values.isEmpty ? Matrix.text(value) : Matrix.text(value) + "-" + rest.nameSuffix
    }

    /// Where the clip's name was written: the variable's value in the matrix, else the `name` key.
    func position(_ c: MatrixCombination, root: JSONNode) -> SourcePosition {
        if let variable, let value = c.value(variable) { return value.position }
        return root["name"]?.position ?? root["matrix"]?.position ?? root.position
    }
}
