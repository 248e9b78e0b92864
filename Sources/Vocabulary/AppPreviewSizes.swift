/// The App Store's accepted app preview sizes per device class (Apple's "App preview
/// specifications"; fastlane's spaceship/…/app_preview_set.rb holds the same table and the
/// preview types its `deliver` reads from a file's name). Portrait; landscape swaps them.
public struct AppPreviewSize: Sendable, Equatable {
    public var width: Int, height: Int
    /// App Store Connect's preview type (deliver picks the set from this token in the file name).
    public var previewType: String
    public var deviceClass: String

    /// The class of an iOS screen of `width`×`height` points (either orientation): Face ID
    /// iPhones by their longer side, home-button iPhones 4.7" and 5.5", iPads.
    public static func forScreen(width: Double, height: Double, isIPad: Bool) -> AppPreviewSize {
        let long = max(width, height), short = min(width, height)
        var s: AppPreviewSize
        if isIPad {
            s = long >= 1366 ? AppPreviewSize(width: 1200, height: 1600, previewType: "IPAD_PRO_3GEN_129", deviceClass: "13\" iPad")
                             : AppPreviewSize(width: 1200, height: 1600, previewType: "IPAD_PRO_3GEN_11", deviceClass: "11\" iPad")
        } else if long >= 812 {
            s = long >= 926 ? AppPreviewSize(width: 886, height: 1920, previewType: "IPHONE_67", deviceClass: "6.9\" iPhone")
              : long >= 896 ? AppPreviewSize(width: 886, height: 1920, previewType: "IPHONE_65", deviceClass: "6.5\" iPhone")
              : long >= 844 ? AppPreviewSize(width: 886, height: 1920, previewType: "IPHONE_61", deviceClass: "6.1\"/6.3\" iPhone")
              : AppPreviewSize(width: 886, height: 1920, previewType: "IPHONE_58", deviceClass: "5.4\"/5.8\" iPhone")
        } else if short >= 414 {
            s = AppPreviewSize(width: 1080, height: 1920, previewType: "IPHONE_55", deviceClass: "5.5\" iPhone")
        } else {
            s = AppPreviewSize(width: 750, height: 1334, previewType: "IPHONE_47", deviceClass: "4.7\" iPhone")
        }
        if width > height { swap(&s.width, &s.height) }
        return s
    }
}
