import Foundation
import Scene

extension StatusBarClock {
    /// The status bar's clock in a preset's `"locale"` (nil: American English, the mocks' own),
    /// from CLDR's time formats as Foundation expands the "jmm" skeleton (ICU's
    /// DateTimePatternGenerator): "HH:mm" for de and en-GB, "H:mm" for ja, "h:mm a" for en.
    public static func of(locale code: String?) -> StatusBarClock {
        let id = (code ?? "en-US").replacingOccurrences(of: "-", with: "_")
        let pattern = DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: Locale(identifier: id)) ?? "h:mm a"
        return StatusBarClock(pattern: pattern.removingQuotedLiterals)
    }
}

private extension String {
    /// A date pattern without its quoted literal text ('h' in "H 'h' mm" is a letter, not an hour).
    var removingQuotedLiterals: String {
        var out = "", quoted = false
        for c in self {
            if c == "'" { quoted.toggle() } else if !quoted { out.append(c) }
        }
        return out
    }
}
