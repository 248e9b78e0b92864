import Foundation
import Scene

extension StatusBarClock {
    /// The status bar's clock in a preset's `"locale"` (nil: American English, the mocks' own):
    /// 9:41 (Android 12:30) formatted by Foundation's DateFormatter (ICU, CLDR's data) with the
    /// pattern the "jmm" skeleton gives the locale, so the hour cycle ("h:mm a", "HH:mm", "a h:mm"),
    /// the day period ("AM", "ص", "오전") and the digits (CLDR's default numbering system: Arabic-Indic
    /// for ar-SA and ar-EG, Latin for ar) are the locale's own.
    public static func of(locale code: String?) -> StatusBarClock {
        guard let code else { return .american }
        let locale = Locale(identifier: code)
        let pattern = DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: locale) ?? "h:mm a"
        let bare = pattern.withoutDayPeriod
        let texts = [format(9, 41, pattern, locale), format(9, 41, bare, locale), format(12, 30, bare, locale)]
        let language = texts.allSatisfy { $0.allSatisfy(\.isASCII) } ? nil : code
        return StatusBarClock(withDayPeriod: texts[0], time: texts[1], android: texts[2], language: language)
    }

    /// `hour`:`minute` in `pattern` for `locale`, its no-break spaces as plain ones (CLDR puts a
    /// narrow or ordinary no-break space before a day period; the status bar is one line, and the
    /// fonts' own space keeps "9:41 AM" as it always was).
    static func format(_ hour: Int, _ minute: Int, _ pattern: String, _ locale: Locale) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: 2007, month: 1, day: 9, hour: hour, minute: minute))!
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return String(formatter.string(from: date).map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 })
    }
}

extension String {
    /// A date pattern without its day-period fields ('a', 'b', 'B' outside quoted literals) and the
    /// spaces they leave at either end: the time as a notched iPhone's ears and Android show it.
    var withoutDayPeriod: String {
        var out = "", quoted = false
        for c in self {
            if c == "'" { quoted.toggle() }
            if quoted || !"abB".contains(c) { out.append(c) }
        }
        return out.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{202F}\u{00A0}")))
    }
}
