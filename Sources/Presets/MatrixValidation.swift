// `segue validate` on a matrix preset: every combination checked, one at a time.

import Vocabulary

enum MatrixValidation {
    /// A problem every combination has (a typo outside the matrix) is one line, not one per
    /// clip; one that some combinations have is reported for each, with its values.
    static func validate(_ source: PresetSource, images: ImageLoaderFactory, fonts: any FontLookup,
                         also: (Storyboard) -> [Problem] = { _ in [] }) -> (problems: [Problem], warnings: [Problem]) {
        guard let matrix = source.matrix else { return ([], []) }
        var found: [(problem: Problem, labels: [String])] = []
        var index: [Problem: Int] = [:]
        var warnings: [Problem] = []
        for clip in matrix.combinations {
            func record(_ plain: Problem) {
                if let i = index[plain] { found[i].labels.append(clip.label) } else { index[plain] = found.count; found.append((plain, [clip.label])) }
            }
            do {
                let checked = try PresetLoader.check(source, clip, images: images, fonts: fonts)
                for w in checked.warnings where !warnings.contains(w) { warnings.append(w) }
                also(checked.storyboard).forEach(record)
            } catch {
                for w in error.warnings where !warnings.contains(w) { warnings.append(w) }
                for p in error.problems {
                    var plain = p
                    plain.message = String(p.message.dropLast(" [in combination \(clip.label)]".count))
                    record(plain)
                }
            }
            if found.count >= PresetCheck.maxProblems { break }
        }
        let problems = found.flatMap { f -> [Problem] in
            if f.labels.count == matrix.count && matrix.count > 1 { var p = f.problem; p.message += " [in every combination]"; return [p] }
            return f.labels.map { var p = f.problem; p.message += " [in combination \($0)]"; return p }
        }
        return (problems, warnings)
    }
}
