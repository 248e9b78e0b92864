import Foundation
import Media
import Presets
import Vocabulary

/// A render for a destination (`--for TARGET`, ShareTargets): its rules checked before anything
/// is rendered (device, duration, fps, format), the rest met by construction (size, rate, codec,
/// bit rate, audio), and the file size measured after encoding; destinations that fit by size
/// (github, readme-gif) render again, smaller, until the file fits.
public enum TargetRender {
    public struct Result: Sendable {
        public var render: RenderResult
        public var bytes: Int
        /// Renders it took (1: the first fitted).
        public var passes: Int
        public var scale: Double
        public var settings: EncoderSettings
        /// Lines for stderr (the poster time for deliver, a lowered fps, each pass).
        public var notes: [String]
    }

    /// `load` resolves the preset with the given overrides (the CLI's loader: its images, its matrix choice).
    public static func run(_ target: ShareTarget, load: (Overrides) throws -> Storyboard, overrides: Overrides,
                           to destination: String?, options: RenderOptions, cancel: CancellationToken) throws -> Result {
        let profile = target.profile
        var notes: [String] = []
        var scale = overrides.scale ?? 1
        var crfStep = 0
        for pass in 1...maxPasses {
            var passNotes: [String] = []
            let storyboard = try prepared(profile, load: load, overrides: overrides, scale: scale, slowMotion: options.slowMotion, notes: &passNotes)
            if pass == 1 { notes += passNotes }
            var o = options
            o.target = target
            if crfStep > 0 { o.crf = (profile.video.crf ?? 23) + crfStep }
            let settings = try o.encoderSettings(for: storyboard)
            let render = try RenderJob.run(storyboard, to: destination, options: o, cancel: cancel)
            let bytes = destination.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0
            guard let limit = profile.maxBytes, destination != nil, bytes > limit else {
                if target == .appStore { notes.append(posterNote(storyboard)) }
                return Result(render: render, bytes: bytes, passes: pass, scale: scale, settings: settings, notes: notes)
            }
            guard profile.fitsBySize, pass < maxPasses else {
                throw MediaError("\(destination!): \(megabytes(bytes)) is above \(target.rawValue)'s \(megabytes(limit)) after \(pass) pass\(pass == 1 ? "" : "es")")
            }
            notes.append("pass \(pass): \(megabytes(bytes)) at scale \(format(scale))\(crfStep > 0 ? ", crf +\(crfStep)" : "") is above \(megabytes(limit)): again, smaller")
            (scale, crfStep) = next(scale: scale, crfStep: crfStep, ratio: Double(limit) / Double(bytes), gif: profile.format == .gif)
        }
        fatalError("unreachable: the last pass returns or throws")
    }

    static let maxPasses = 5

    /// The next pass: x264's size halves about every 6 crf, so a near miss raises crf (up to +8);
    /// a far one, or a GIF (no crf), scales down by the square root of the size ratio (size
    /// follows the pixel count), with a 10 % margin.
    static func next(scale: Double, crfStep: Int, ratio: Double, gif: Bool) -> (Double, Int) {
        if !gif, ratio > 0.5, crfStep < 8 {
            let step = Int((6 * log2(1 / (ratio * 0.9))).rounded(.up))
            return (scale, min(8, crfStep + max(2, step)))
        }
        return (scale * max(0.2, (ratio * 0.9).squareRoot()), crfStep)
    }

    /// The storyboard for one pass: the device class's exact size (app-store), the scale, the
    /// fps capped at the destination's, its duration checked.
    public static func prepared(_ p: TargetProfile, load: (Overrides) throws -> Storyboard, overrides: Overrides, scale: Double,
                         slowMotion: Double, notes: inout [String]) throws -> Storyboard {
        var o = overrides
        o.scale = scale == 1 ? overrides.scale : scale
        if let fps = overrides.fps, fps > p.maxFPS {
            throw OutputChoiceError(description: "--fps \(fps): \(p.target.rawValue) takes at most \(p.maxFPS) fps")
        }
        var s = try load(o)
        if p.exactSize {
            let size = try previewSize(s)
            o.scale = nil
            o.pixelSize = (size.width, size.height)
            s = try load(o)
            notes.append("app-store: \(size.width)×\(size.height), the \(size.deviceClass) preview size; name the file with \(size.previewType) for fastlane deliver")
            if s.overlays.frame != nil { notes.append(frameWarning) }
        }
        if s.fps > p.maxFPS {
            notes.append("\(p.target.rawValue): \(s.fps) fps lowered to \(p.maxFPS)")
            s.fps = p.maxFPS
        }
        try p.checkDuration(s, slowMotion: slowMotion)
        return s
    }

    /// Device frames are allowed (a clip made for a web page may go to the store too) but never
    /// the store's default, and said to be against Apple's rules.
    static let frameWarning = "warning: app-store: App Review rejects previews that show device frames (Guideline 2.3.4: \"previews may only use "
        + "video screen captures of the app itself\"); overlays.frame is drawn here, shrunk to fit the exact size: remove it for the store"

    /// App Store previews show an iOS app on the device class's size; Android has its own store.
    static func previewSize(_ s: Storyboard) throws -> AppPreviewSize {
        guard s.device.platform == .ios else {
            throw OutputChoiceError(description: "app-store: \(s.device.name) is an Android device; App Store previews are of iPhones and iPads (use --for play)")
        }
        let pt = s.device.points
        return AppPreviewSize.forScreen(width: pt.width, height: pt.height, isIPad: s.device.name.hasPrefix("ipad") || min(pt.width, pt.height) >= 700)
    }

    /// Where the poster frame comes from: deliver sends one time code for every preview it
    /// uploads, from its `preview_frame_time_code` option (default 00:00:05:00).
    static func posterNote(_ s: Storyboard) -> String {
        "poster frame: fastlane deliver sends preview_frame_time_code (hours:minutes:seconds:centiseconds, default 00:00:05:00) for every preview: "
            + "set it in the Deliverfile (preview_frame_time_code(\"00:00:05:00\")), with --preview_frame_time_code, or DELIVER_PREVIEW_FRAME_TIME_CODE"
    }

    static func megabytes(_ b: Int) -> String { String(format: "%.2f MB", Double(b) / 1_000_000) }
    static func format(_ x: Double) -> String { String(format: "%.3g", x) }
}

extension TargetProfile {
    /// Exit 2 before rendering when the clip's length is outside the destination's, saying by how much.
    public func checkDuration(_ s: Storyboard, slowMotion: Double) throws {
        guard let range = seconds else { return }
        // The file's length: its frames at the fps (the last frame shows for one frame too).
        let d = Double(s.frameCount(slowMotion: slowMotion)) / Double(s.fps)
        if d < range.lowerBound {
            throw OutputChoiceError(description: "\(target.rawValue) " + String(format: "takes %g–%g s; this clip lasts %.2f s, %.2f s too short (lengthen a hold, or --slow-motion %.2f)",
                                                        range.lowerBound, range.upperBound, d, range.lowerBound - d,
                                                        (range.lowerBound * 1.001 / max(s.duration, 0.001) * 100).rounded(.up) / 100))
        }
        if d > range.upperBound {
            throw OutputChoiceError(description: "\(target.rawValue) " + String(format: "takes %g–%g s; this clip lasts %.2f s, %.2f s too long",
                                                        range.lowerBound, range.upperBound, d, d - range.upperBound))
        }
    }
}
