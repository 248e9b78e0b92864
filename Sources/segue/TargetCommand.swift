import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

// `segue render --for TARGET` and `segue list targets`: the destinations of Media's ShareTargets
// table; rules checked here before anything is rendered (exit 2), the fitting in TargetRender.

func renderFor(_ target: ShareTarget, _ a: Arguments, _ options: RenderOptions, _ given: Overrides) throws {
    let p = target.profile
    var options = options
    try checkTargetOutput(target, format: options.format, codec: options.codec)
    options.format = p.format
    options.target = target
    let quiet = a.has(.quiet) || options.progress == .json
    let first = try loadStoryboard(a, overrides: given)
    let out = try chooseVideoOutput(a, first, preset: a.positionals.first, options: &options)
    try options.checkMemory(first)
    outputsStarted.set()
    let result = try TargetRender.run(target, load: { o in try loadStoryboard(a, overrides: o) }, overrides: given,
                                      to: out, options: options, cancel: cancelToken)
    guard !quiet else { return }
    result.notes.forEach { printErr($0) }
    let s = result.settings
    printErr("\(result.render.output ?? "(null)"): \(target.rawValue): \(result.render.frames) frames, \(s.width)×\(s.height), "
             + String(format: "%.2f MB", Double(result.bytes) / 1_000_000) + " in \(result.passes) pass\(result.passes == 1 ? "" : "es"), "
             + String(format: "%.2f s", result.render.seconds))
}

/// `--for` writes its destination's format and codec: a contradicting `--format`/`--codec` is exit 2 (render and batch).
func checkTargetOutput(_ target: ShareTarget, format: OutputFormat?, codec: VideoCodec?) throws {
    let p = target.profile
    if let f = format, f != p.format {
        throw Failure(code: .usage, message: "segue: --for \(target.rawValue) writes \(p.format.rawValue) (got --format \(f.rawValue)): give one")
    }
    if let c = codec, c != p.codec {
        throw Failure(code: .usage, message: "segue: --for \(target.rawValue) writes \(p.codec?.rawValue ?? "a GIF") (got --codec \(c.rawValue)): give one")
    }
}

func listTargets() {
    for t in ShareTarget.allCases {
        let p = t.profile
        print("\(t.rawValue)\n    \(p.summary)")
        for r in p.rules { print("    - \(r.rule)\n      \(r.source)") }
    }
}
