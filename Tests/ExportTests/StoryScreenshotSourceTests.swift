import Foundation
import FramePipeline
import Media
import Presets
import Raster
import SegueTestSupport
import XCTest

/// Issue 28, the fourth frame-by-frame review: stories/screenshots (the README's "your own
/// screenshots" story) showed an Inbox that listed "Mason Zhou" twice, and tapping its first row
/// (Ethan Wu) opened a "Thread" that was an article by Noah Kim ("14 min read", a photo,
/// "Continue"). Its two screenshots are now Segue's own drawing of a list and of the conversation
/// its first row opens, from a preset kept beside this test (Tests/Fixtures/story-screenshots):
/// a `list` pushing an untitled `message` is that row's conversation (ConversationRowTests), and
/// the mocks name no one twice (MockPeopleTests). The assets must be that preset's first and last
/// frames at the assets' 2 pixels per point, so they cannot drift from it.
final class StoryScreenshotSourceTests: XCTestCase {
    func testTheStoryScreenshotsAreTheInboxAndTheConversationItsRowOpens() throws {
        let source = CLI.root.appendingPathComponent("Tests/Fixtures/story-screenshots/screenshots-source.json").path
        let s = try PresetLoader.load(path: source, overrides: Overrides(scale: 2.0 / 3), images: PresetImages.folder, fonts: InstalledFonts())
        XCTAssertNotNil(s.screens["inbox"]?.find(id: "cell0"), "the first screenshot is a list")
        XCTAssertNotNil(s.screens["thread"]?.find(id: "bubble0"), "the second is a conversation")
        try Self.assertFirstAndLastFrames(of: s, are: "inbox.png", "thread.png")
    }

    /// The source's first and last frames against two of stories/assets' PNGs (worst channel ≤ 2).
    static func assertFirstAndLastFrames(of s: Storyboard, are first: String, _ last: String,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let composer = FrameComposer(storyboard: s)
        for (frame, asset) in [(0, first), (composer.frameCount - 1, last)] {
            let drawn = try Bitmap(width: s.pixelWidth, height: s.pixelHeight)
            composer.render(frame: frame, into: drawn)
            let shot = try ImageDecoder.decode(path: PresetContinuityTests.presetsDirectory + "/stories/assets/" + asset)
            ImageDiff.assertMatches(drawn, shot, "stories/assets/" + asset, accept: { $0.worst <= 2 }, file: file, line: line)
        }
    }
}
