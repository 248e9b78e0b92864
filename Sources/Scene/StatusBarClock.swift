/// How the status bar writes its time (9:41, Apple's keynote time; Android's 12:30) in the
/// system's locale: its hour cycle, its digits and its day period, as CLDR has them (Presets
/// fills this from Foundation's formatter). German reads "09:41", American English "9:41 AM" where
/// a home-button iPhone shows the day period, Saudi Arabic "٩:٤١ ص", Korean "오전 9:41"; the ears
/// of a notched iPhone and Android's status bar leave the day period out.
public struct StatusBarClock: Sendable, Hashable {
    /// The time with the locale's day period where its clock has one ("9:41 AM", "9:41 ص").
    public var withDayPeriod: String
    /// The same time without a day period ("9:41", "09:41", "٩:٤١").
    public var time: String
    /// Android's status-bar time, without a day period: SystemUI's `Clock` hides AM/PM by default.
    public var android: String
    /// The locale's language (BCP 47) for shaping and fallback fonts when the time is not plain
    /// ASCII (Arabic digits and day periods, Korean or Chinese day periods); nil otherwise.
    public var language: String?

    public init(withDayPeriod: String, time: String, android: String, language: String? = nil) {
        self.withDayPeriod = withDayPeriod; self.time = time; self.android = android; self.language = language
    }

    /// American English, the mocks' own (and a preset's without a `locale`).
    public static let american = StatusBarClock(withDayPeriod: "9:41 AM", time: "9:41", android: "12:30")

    /// The time iOS shows; `dayPeriod`: with the day period where the locale has one (the
    /// home-button bar).
    public func iosTime(dayPeriod: Bool) -> String { dayPeriod ? withDayPeriod : time }
}
