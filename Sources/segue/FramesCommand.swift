import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

// `segue frames PRESET (--at T[,T...] | --every K | --all) -o DIR`: PNG stills.

extension Command {
    static let frames = Command(
        name: "frames", synopsis: "segue frames PRESET (--at T[,T...] | --every K | --all) -o DIR", summary: "PNG stills",
        about: """
        Writes DIR/frame-NNNNN.png, all or nothing (DIR: new, empty or holding only Segue's frames,
        which are replaced). --at T picks frame round(T × fps), T in seconds of video time; a time past
        the last frame is an error.
        """,
        options: [.output.described("DIR", "the folder of frames (-o /dev/null: render, write nothing)"), .at, .every, .all]
            + Option.rendering + Option.story + Option.work + Option.printing + [.showElements],
        run: runFrames)
}

func runFrames(_ a: Arguments) throws {
    MediaLog.configure(verbose: a.has(.verbose))
    guard let dir = a.value(.output) else { throw Failure(code: .usage, message: "frames needs -o DIR") }
    let selection = try stillsSelection(a)
    let progress: ProgressMode = a.has(.quiet) ? .none : ProgressMode(rawValue: a.value(.progress) ?? "auto")!
    let storyboard = markingElements(a, try loadStoryboard(a, overrides: overrides(a)))
    try checkFramesOutput(dir, preset: a.positionals.first)
    let slowMotion = a.number(.slowMotion) ?? 1
    let jobs = a.int(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
    let stills = try StillsJob.frames(selection, storyboard: storyboard, slowMotion: slowMotion).count
    try checkStillsMemory(.frames(storyboard, stills: stills, jobs: jobs), a, storyboard)
    outputsStarted.set()
    let paths = try StillsJob.run(storyboard, selection: selection, directory: dir, slowMotion: slowMotion,
                                  jobs: jobs, progress: progress, cancel: cancelToken)
    if progress != .none && progress != .json { printErr("\(dir): \(paths.count) frame\(paths.count == 1 ? "" : "s")") }
}

/// Exactly one of `--at`, `--every`, `--all`.
func stillsSelection(_ a: Arguments) throws -> StillsJob.Selection {
    let chosen = [a.value(.at) != nil, a.value(.every) != nil, a.has(.all)].filter { $0 }.count
    guard chosen == 1 else { throw Failure(code: .usage, message: "frames needs exactly one of --at T[,T...], --every K, --all") }
    if let at = a.value(.at) { return .times(try stillTimes(at)) }
    if let k = a.int(.every) { return .every(k) }
    return .all
}

/// `--at 0.5,1.2`: seconds of video time, none past the longest video there can be.
func stillTimes(_ at: String) throws -> [Double] {
    let parts = at.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 }) else {
        throw Failure(code: .usage, message: "--at takes seconds separated by commas, e.g. --at 0.5,1.2 (got \"\(at)\")")
    }
    // No video is longer than the story limit at the slowest --slow-motion (issue 20.1).
    guard case .number(let slowest) = Option.slowMotion.value else { preconditionFailure("--slow-motion is a number") }
    let longest = Limits.maxStoryDuration * slowest.upperBound
    if let t = parts.first(where: { $0! > longest }) {
        throw Failure(code: .usage, message: "--at \(t!): no video is longer than \(Int(longest)) s (\(Int(Limits.maxStoryDuration)) s of story at --slow-motion \(Option.shown(slowest.upperBound)))")
    }
    return parts.map { $0! }
}

/// `--show-elements`: each screen's elements outlined and named (ElementOverlay).
func markingElements(_ a: Arguments, _ s: Storyboard) -> Storyboard {
    a.has(.showElements) ? ElementOverlay.marking(s) : s
}
