/// How the status bar writes its time (9:41, Apple's keynote time): as the system's locale writes
/// an hour and minutes, CLDR's preferred hour cycle (the "j" skeleton). German, British English
/// and most of the world read "09:41"; Japanese "9:41"; American English "9:41 AM" where a
/// home-button iPhone shows the day period (the ears of a notched iPhone leave it out).
public enum StatusBarClock: String, Sendable, Hashable, CaseIterable {
    /// 12-hour ("h:mm a").
    case twelveHour
    /// 24-hour, the hour in two digits ("HH:mm").
    case twentyFourHourPadded
    /// 24-hour, the hour as is ("H:mm").
    case twentyFourHour

    /// The time iOS shows; `dayPeriod`: with "AM" in 12-hour locales (the home-button bar).
    public func iosTime(dayPeriod: Bool) -> String {
        switch self {
        case .twelveHour: return dayPeriod ? "9:41 AM" : "9:41"
        case .twentyFourHourPadded: return "09:41"
        case .twentyFourHour: return "9:41"
        }
    }

    /// The clock a CLDR time pattern (as "jmm" expands for a locale) writes: 'H' or 'k' is a
    /// 24-hour cycle, doubled when the hour has two digits.
    public init(pattern: String) {
        let hours = pattern.filter { "Hk".contains($0) }
        switch hours.count {
        case 0: self = .twelveHour
        case 1: self = .twentyFourHour
        default: self = .twentyFourHourPadded
        }
    }
}
