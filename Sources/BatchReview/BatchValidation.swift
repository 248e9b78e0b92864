import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

extension BatchJob {
    /// What validation learned about a preset, kept for rendering: the preset decoded and
    /// resolved once (its combination applied). The storyboard holds its screenshots as outlines
    /// (sizes, no pixels: a screen's images are decoded when its first frame is drawn, issue
    /// 20.5), so keeping every preset's storyboard for the batch costs kilobytes, not images.
    struct Prepared: Sendable {
        var text: Data
        var storyboard: Storyboard
        var name: String
        var format: OutputFormat
        var assets: [(relative: String, full: String)]
        var frames: Int
        var duration: Double
        /// Pixels per frame (the canvas), for the cost estimate.
        var pixels: Int
        /// What rendering this preset costs, in frame-pixels: the encoder's work is about
        /// proportional to it (BatchJob.schedule starts the costliest first).
        var cost: Int { frames &* pixels }
    }

    static func prepare(_ e: BatchEntry, text read: Result<Data, RegularFile.Failure>, options: BatchOptions) -> Result<Prepared, PresetError> {
        func fail(_ m: String, path: String = "") -> Result<Prepared, PresetError> { .failure(PresetError([Problem(file: e.input, path: path, message: m)])) }
        let text: Data
        switch read { case .success(let t): text = t; case .failure(let why): return fail(why.description) }
        if text.count > Limits.maxPresetBytes { return fail("is larger than \(Limits.maxPresetBytes >> 20) MiB; a preset is a small JSON file") }
        guard let string = String(data: text, encoding: .utf8) else { return fail("is not UTF-8 text") }
        let preset: Preset
        var storyboard: Storyboard
        // Images' headers read, their pixels not decoded (issue 20.4): rendering decodes them.
        do { (preset, storyboard) = try BatchPlan.resolve(e, text: string, overrides: options.overrides) } catch { return .failure(error) }
        if let t = options.target {
            // The destination's rules, checked as `render --for` checks them (device, length, fps).
            do { storyboard = try TargetRender.prepared(e, text: string, target: t, options: options) } catch let p as PresetError { return .failure(p) } catch {
                return fail("--for \(t.rawValue): \(error)")
            }
        }
        let chosen = options.format ?? storyboard.output.format ?? "mp4"
        guard let format = OutputFormat(rawValue: chosen) else {
            return fail("unknown format \(chosen) (expected one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))",
                        path: options.format == nil ? "output.format" : "")
        }
        var ro = options.render
        ro.format = format
        ro.target = options.target
        ro.presetFile = e.input
        do { _ = try ro.encoderSettings(for: storyboard) } catch {
            return fail("\(error)", path: "output")
        }
        if let out = e.output {
            do { try OutputDestination.check(out, folder: format.writesDirectory, inputs: [e.input]) } catch {
                return fail("\(error)", path: "output")
            }
            if let foreign = foreignOutput(out, recorded: options.recorded) { return fail(foreign, path: "output") }
        }
        do { try ro.checkMemory(storyboard) } catch { return fail("\(error)", path: storyboard.output.maxMemory != nil && ro.maxMemory == nil ? "output.maxMemory" : "") }
        let frames = storyboard.frameCount(slowMotion: options.render.slowMotion)
        if frames > Int(Limits.maxStoryDuration) * Limits.fps.upperBound { return fail("too many frames (\(frames))", path: "timeline") }
        let base = URL(fileURLWithPath: e.input).deletingLastPathComponent().path
        var assets: [(relative: String, full: String)] = []
        for relative in PresetAssets.paths(preset) {
            if case .success(let full) = AssetPath.resolve(relative, in: base) { assets.append((relative, full)) }
        }
        return .success(Prepared(text: text, storyboard: storyboard, name: storyboard.name, format: format, assets: assets, frames: frames,
                                 duration: storyboard.duration, pixels: storyboard.pixelWidth * storyboard.pixelHeight))
    }
}

/// Asset paths a decoded preset refers to: image screens and image layers, recursively, the
/// screens' extras (hidden stand-ins, hierarchy dumps) and the sound track: every file whose
/// bytes reach the clip, so the cache key changes with each of them.
public enum PresetAssets {
    public static func paths(_ preset: Preset) -> [String] {
        var out: [String] = []
        func walk(_ l: LayerSpec) {
            if l.kind == .image, let p = l.image { out.append(p) }
            l.children.forEach(walk)
        }
        for (_, spec) in preset.screens {
            switch spec {
            case .image(let path, _, _): out.append(path)
            case .layers(_, let layers): layers.forEach(walk)
            case .mock: break
            }
        }
        return out + ScreenExtras.assetPaths(preset) + (preset.audio.map { [$0] } ?? [])
    }
}
