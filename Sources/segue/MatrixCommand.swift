import Presets

// `segue inspect` on a matrix preset without `--only`: its combinations (issue 21), one line
// each with the `--only` that picks it and the clip it names, instead of one clip's timeline.

/// True when `a` names a matrix preset of several clips and their list was printed.
func listMatrix(_ a: Arguments) throws -> Bool {
    guard a.value(.only) == nil, a.value(.demo) == nil, a.positionals.count == 1 else { return false }
    let source: PresetSource
    do { source = try PresetLoader.source(path: a.positionals[0]) } catch { throw Failure(code: .usage, message: error.description) }
    guard let matrix = source.matrix, matrix.count > 1 else { return false }
    print("\(source.file): a matrix of \(matrix.count) clips over \(matrix.keys.joined(separator: ", ")) (segue inspect \(source.file) --only K=V,... shows one)")
    print(source.listing(matrix.combinations))
    return true
}
