/// The one table of outputs (docs/CLI.md "Options"; issue 19 item 2): which codecs each format holds, what
/// each codec takes (crf range and default, encoder presets), alpha, the file extensions that
/// name a format. The CLI's option checks (render and batch), the preset decoder's `output`
/// checks and Media's `EncoderSettings.validate` all read it, so their rules and messages cannot drift.
public enum OutputFormats {
    /// x264's (and x265's: the same names) speed/size presets, fastest first.
    public static let encoderPresets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    public static let defaultEncoderPreset = "veryfast"

    /// What one codec takes.
    public struct Codec: Sendable {
        public var codec: VideoCodec
        /// Constant rate factor range; nil: the codec has no crf (ProRes: the profile fixes quality).
        public var crf: ClosedRange<Int>?
        public var defaultCRF: Int?
        /// True when `preset` (x264/x265 presets) applies.
        public var takesPreset: Bool
    }

    public static func info(_ c: VideoCodec) -> Codec {
        switch c {
        case .h264: return Codec(codec: c, crf: 0...51, defaultCRF: 18, takesPreset: true)
        case .hevc: return Codec(codec: c, crf: 0...51, defaultCRF: 18, takesPreset: true)
        case .prores: return Codec(codec: c, crf: nil, defaultCRF: nil, takesPreset: false)
        case .vp9: return Codec(codec: c, crf: 0...63, defaultCRF: 32, takesPreset: false)
        }
    }

    /// The crf range any codec accepts (a preset whose codec is not known yet is checked against it).
    public static let anyCRF = 0...63

    /// The format a file name's extension names (ffmpeg's rule): .mp4/.m4v mp4, .mov, .webm,
    /// .gif; nil for no extension or another one.
    public static func videoFormat(forExtension ext: String) -> OutputFormat? {
        switch ext.lowercased() {
        case "mp4", "m4v": return .mp4
        case "mov": return .mov
        case "webm": return .webm
        case "gif": return .gif
        default: return nil
        }
    }

    /// The extensions `videoFormat(forExtension:)` knows, for messages.
    public static let videoExtensions = [".mp4", ".m4v", ".mov", ".webm", ".gif"]

    /// Which field of a choice a problem is about (the CLI names its option, the decoder its JSON path).
    public enum Field: String, Sendable {
        case format, codec, crf, preset, background
        /// Where a preset sets it: the top-level `background`, else a key of `output`.
        public var presetPath: String { self == .background ? "background" : "output.\(rawValue)" }
    }

    public struct Problem: Sendable, Equatable {
        public var field: Field
        public var message: String
    }

    /// Every problem of a format/codec/option combination. `codec` nil: the format's default;
    /// `format` nil: not known yet (only the codec's own rules are checked).
    public static func problems(format: OutputFormat?, codec: VideoCodec?, crf: Int?, preset: String?, transparent: Bool) -> [Problem] {
        var out: [Problem] = []
        if let format, let codec, !format.accepts(codec) {
            let allowed = format.allowedCodecs
            out.append(Problem(field: .codec, message: allowed.isEmpty
                ? "\(format.rawValue) takes no codec (got \(codec.rawValue))"
                : "\(format.rawValue) cannot hold \(codec.rawValue) (\(format.rawValue) takes \(allowed.map(\.rawValue).joined(separator: ", ")))"))
        }
        let effective = codec ?? format.flatMap(\.defaultCodec)
        let codecless = format.map { $0.allowedCodecs.isEmpty && $0 != .null } ?? false
        if let crf {
            if codecless, let format {
                out.append(Problem(field: .crf, message: "crf does not apply to \(format.rawValue) (\(format == .gif ? "a palette of 256 colours" : "lossless")): drop it"))
            } else if let c = effective, format != .null {
                if let range = info(c).crf {
                    if !range.contains(crf) { out.append(Problem(field: .crf, message: "crf must be between \(range.lowerBound) and \(range.upperBound) for \(c.rawValue) (got \(crf))")) }
                } else {
                    out.append(Problem(field: .crf, message: "crf does not apply to \(c.rawValue) (its profile fixes the quality): drop it"))
                }
            } else if !anyCRF.contains(crf) {
                out.append(Problem(field: .crf, message: "crf must be between \(anyCRF.lowerBound) and \(anyCRF.upperBound) (got \(crf))"))
            }
        }
        if let preset {
            if !encoderPresets.contains(preset) {
                out.append(Problem(field: .preset, message: "preset must be one of \(encoderPresets.joined(separator: ", ")) (got \"\(preset)\")"))
            } else if codecless, let format {
                out.append(Problem(field: .preset, message: "an x264 preset does not apply to \(format.rawValue): drop it"))
            } else if let c = effective, format != .null, !info(c).takesPreset {
                out.append(Problem(field: .preset, message: "an x264 preset applies to h264 and hevc only (codec is \(c.rawValue)): drop it"))
            }
        }
        if transparent, format == nil, let codec, !codec.carriesAlpha {
            out.append(Problem(field: .background, message: "codec \(codec.rawValue) cannot store transparency (background \"transparent\"): use prores (mov) or vp9 (webm)"))
        }
        if transparent, let format, format != .null {
            if !format.carriesAlpha {
                out.append(Problem(field: .background, message: "format \(format.rawValue) cannot store transparency (background \"transparent\"; H.264/HEVC have no alpha): give the preset a background colour, or use mov (ProRes 4444), webm (VP9), gif or png"))
            } else if let c = effective, !format.allowedCodecs.isEmpty, !c.carriesAlpha {
                out.append(Problem(field: .background, message: "codec \(c.rawValue) cannot store transparency (background \"transparent\"): use codec prores (ProRes 4444) in mov, or vp9 in webm"))
            }
        }
        return out
    }
}

extension OutputFormat {
    /// True when this format can hold `codec` (null takes any: it converts and writes nothing).
    public func accepts(_ codec: VideoCodec) -> Bool { self == .null || allowedCodecs.contains(codec) }
}

/// Outputs. `.null` converts frames but writes nothing (profiling); `.png` writes a directory of
/// `frame-NNNNN.png` (the destination is the directory's path).
public enum OutputFormat: String, Sendable, CaseIterable {
    case mp4, mov, webm, gif, png, null
    /// The file extension for outputs of this format (nil: no file; `.png` is a directory, which
    /// gets no extension by default).
    public var fileExtension: String? {
        switch self {
        case .null, .png: return nil
        default: return rawValue
        }
    }
    /// True when the destination is a directory (`.png`).
    public var writesDirectory: Bool { self == .png }
    /// True when the format can store an alpha channel (`transparent` is allowed).
    public var carriesAlpha: Bool { self != .mp4 }
    /// The codec used when none is asked for: mp4 h264, mov prores, webm vp9; nil for gif/png/null.
    public var defaultCodec: VideoCodec? {
        switch self {
        case .mp4: return .h264
        case .mov: return .prores
        case .webm: return .vp9
        case .gif, .png, .null: return nil
        }
    }
    /// Codecs this container accepts; empty when the format has its own fixed coding (gif, png, null).
    public var allowedCodecs: [VideoCodec] {
        switch self {
        case .mp4: return [.h264, .hevc]
        case .mov: return [.prores, .h264, .hevc]
        case .webm: return [.vp9]
        case .gif, .png, .null: return []
        }
    }
}

/// Video codecs for the containers that take one. For mov, only ProRes carries alpha.
public enum VideoCodec: String, Sendable, CaseIterable {
    case h264, hevc, prores, vp9
    /// True when Segue stores an alpha channel with this codec (ProRes 4444, VP9 yuva420p).
    public var carriesAlpha: Bool { self == .prores || self == .vp9 }
}
