import Foundation
import Media
import Vocabulary

/// One preset of a batch as the gallery shows it: the manifest's facts, read back from the
/// manifest's JSON (so `segue gallery MANIFEST` and `batch --gallery` take one path, and fields
/// the manifest gains later are simply not shown until the page learns them).
public struct GalleryItem: Sendable {
    public var name: String
    public var input: String
    public var output: String?
    public var status: String
    public var error: String?
    public var frames: Int?
    public var duration: Double?
    public var wallTime: Double?
    public var sha256: String?
    /// The preset's SHA-256 when the clip was rendered, and a matrix clip's combination in
    /// `--only` form (from the manifest's `key`, `FILE#K=V,…`).
    public var presetSha256: String?
    public var only: String?
    /// The preset file changed since the render (its SHA-256 differs from the recorded one).
    public var isStale: Bool {
        guard let recorded = presetSha256, let now = try? SHA256.hash(file: input) else { return false }
        return recorded != now
    }
    /// `batch --baseline`: the baseline clip, the lowest scores and the diff strip.
    public var baseline: String?
    public var psnrMin: Double?
    public var ssimMin: Double?
    public var worstFrame: Int?
    public var diff: String?

    /// This run wrote the file at `output` (rendered, or copied from the cache). Only then is it
    /// the preset's clip: an invalid, skipped, cancelled or failed preset's `output` is where its
    /// clip would have gone, and whatever lies there (a user's file, an older clip) is not shown.
    var wroteOutput: Bool { ["ok", "cached", "changed", "new"].contains(status) }

    /// Failures come first on the page, then changes, then the rest in manifest order.
    var rank: Int {
        switch status {
        case "failed", "invalid", "cancelled": return 0
        case "changed": return 1
        case "new": return 2
        case "skipped": return 3
        default: return 4
        }
    }
}

/// The manifest's top-level facts the page shows in its header.
public struct GalleryFacts: Sendable {
    public var segue: String?
    public var shard: String?
    public var exitCode: Int?
    public var interrupted: Bool
    public var items: [GalleryItem]

    /// Parses a `--manifest` file's JSON. Relative paths are resolved against `base` when they do
    /// not exist as given (a manifest moved with its outputs).
    public static func parse(_ data: Data, file: String, base: String) throws -> GalleryFacts {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BatchError("\(file): not a JSON object (expected a manifest written by segue batch --manifest)")
        }
        guard let presets = root["presets"] as? [[String: Any]] else {
            throw BatchError("\(file): presets: expected an array of presets, found \(jsonKind(root["presets"]))")
        }
        func path(_ v: Any?) -> String? {
            guard let p = v as? String, !p.isEmpty else { return nil }
            if p.hasPrefix("/") || FileManager.default.fileExists(atPath: p) { return p }
            let moved = (base as NSString).appendingPathComponent(p)
            return FileManager.default.fileExists(atPath: moved) ? moved : p
        }
        func double(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
        var items: [GalleryItem] = []
        for (i, p) in presets.enumerated() {
            guard let status = p["status"] as? String else { throw BatchError("\(file): presets[\(i)].status: expected a string") }
            // The status becomes a CSS selector's value and an attribute (the filters): only the
            // closed set a batch writes is accepted, not merely escaped (issue 27.6).
            guard BatchStatus(rawValue: status) != nil else {
                throw BatchError("\(file): presets[\(i)].status: expected one of \(BatchStatus.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(PrintableText.escaped(String(status.prefix(60))))\"")
            }
            let input = p["input"] as? String ?? ""
            let name = p["name"] as? String ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            items.append(GalleryItem(name: name, input: path(input) ?? input, output: path(p["output"]), status: status,
                                     error: p["error"] as? String, frames: (p["frames"] as? NSNumber)?.intValue,
                                     duration: double(p["duration"]), wallTime: double(p["wallTime"]), sha256: p["sha256"] as? String,
                                     presetSha256: p["presetSha256"] as? String, only: combination(p["key"]),
                                     baseline: path(p["baseline"]), psnrMin: double(p["psnrMin"]), ssimMin: double(p["ssimMin"]),
                                     worstFrame: (p["worstFrame"] as? NSNumber)?.intValue, diff: path(p["diff"])))
        }
        return GalleryFacts(segue: root["segue"] as? String, shard: root["shard"] as? String,
                            exitCode: (root["exitCode"] as? NSNumber)?.intValue, interrupted: root["interrupted"] as? Bool ?? false,
                            items: items)
    }
}

/// `file.json#device=iphone-se,dark=true` → `device=iphone-se,dark=true` (a matrix clip's key).
func combination(_ key: Any?) -> String? {
    guard let k = key as? String, let hash = k.lastIndex(of: "#") else { return nil }
    return String(k[k.index(after: hash)...])
}

/// A JSON value's kind, for error messages.
func jsonKind(_ v: Any?) -> String {
    switch v {
    case nil: return "nothing"
    case is NSNull: return "null"
    case is NSNumber: return "a number"
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    default: return "\(type(of: v!))"
    }
}

/// What a browser can do with a clip: H.264 in MP4 and VP9 in WebM play inline (every current
/// browser decodes them); ProRes and HEVC do not play everywhere, so the page offers the file
/// for download and shows its contact sheet instead. GIF is an image.
public enum GalleryMedia: Equatable, Sendable {
    case video(mime: String)
    case image
    case download(codec: String)

    public static func of(_ path: String) -> GalleryMedia {
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "gif" { return .image }
        let codec = (try? VideoReader(path: path).codecName) ?? "unknown"
        switch (ext, codec) {
        case ("mp4", "h264"), ("m4v", "h264"): return .video(mime: "video/mp4")
        case ("webm", "vp9"), ("webm", "vp8"), ("webm", "av1"): return .video(mime: "video/webm")
        default: return .download(codec: codec)
        }
    }
}
