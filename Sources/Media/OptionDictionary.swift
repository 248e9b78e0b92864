import CFFmpeg

/// An FFmpeg option dictionary (AVDictionary) for one call that consumes options
/// (`avformat_open_input`, `avformat_write_header`), every `av_dict_set` checked.
///
/// FFmpeg takes what it recognises out of the dictionary and leaves the rest in it, silently. For
/// the input whitelists that silence would be the failure that matters: a misspelt or no longer
/// supported `protocol_whitelist` or `format_whitelist` would open the file with every protocol
/// and demuxer allowed. So after the call `requireConsumed` turns every option left over into an
/// error naming it, and the call's result is not trusted until it has passed.
final class OptionDictionary {
    /// The dictionary itself, for the `&` of the consuming call (nil while empty: FFmpeg's own convention).
    var raw: OpaquePointer?
    let path: String

    init(_ options: [(key: String, value: String)], path: String) throws {
        self.path = path
        for (k, v) in options {
            try check(av_dict_set(&raw, k, v, 0), path, "av_dict_set(\(k)=\(v))")
        }
    }

    deinit { av_dict_free(&raw) }

    /// The keys still in the dictionary, in FFmpeg's order.
    var keys: [String] {
        var out: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let e = av_dict_get(raw, "", entry, AV_DICT_IGNORE_SUFFIX) {
            out.append(String(cString: e.pointee.key))
            entry = e
        }
        return out
    }

    /// Throws when `call` left any option unapplied: this FFmpeg does not know it (or not for this
    /// format), so what it was meant to enforce is not enforced.
    func requireConsumed(_ call: String) throws {
        let left = keys
        if left.isEmpty { return }
        throw MediaError("\(path): \(call) did not apply the option\(left.count == 1 ? "" : "s") \(left.joined(separator: ", ")) (unknown to this FFmpeg); refusing to go on without \(left.count == 1 ? "it" : "them")")
    }
}
