import Foundation
import Presets
import XCTest

/// Issue 28, the fourth frame-by-frame review: catalog/sheet, sheet-medium, sheet-interactive and
/// sheet-detent-drag had the Settings app present Messages' "New Message" sheet — a screen that
/// belongs to another app. A new message is composed where the conversations are: every shipped
/// `compose` mock is presented over a `list` mock (the Messages inbox, Material's Inbox).
final class ComposeSheetStoryTests: XCTestCase {
    func testEveryComposeSheetIsPresentedOverTheInbox() throws {
        var checked = 0
        // Every clip: a matrix preset's combinations each.
        let clips = try PresetContinuityTests.allPresets().flatMap { path in
            let source = try PresetLoader.source(path: path)
            return try source.clips.map { (URL(fileURLWithPath: path).lastPathComponent + " " + ($0?.label ?? ""), try source.preset($0)) }
        }
        for (name, preset) in clips {
            let kinds = Dictionary(preset.screens.map { ($0.id, Self.mockKind($0.spec)) }, uniquingKeysWith: { a, _ in a })
            var stack = [preset.start]
            for step in preset.timeline {
                switch step.kind {
                case .push(let id): stack.append(id)
                case .present(let id):
                    if kinds[id] == "compose" {
                        let under = stack.last.flatMap { kinds[$0] ?? nil }
                        XCTAssertEqual(under, "list", "\(name): \(stack.last ?? "?") (\(under ?? "not a mock")) presents a new message")
                        checked += 1
                    }
                    stack.append(id)
                case .pop, .dismiss: if stack.count > 1 { stack.removeLast() }
                default: break
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 6, "the shipped compose sheets are checked")
    }

    static func mockKind(_ spec: ScreenSpec) -> String? {
        if case .mock(let kind, _, _, _, _, _) = spec { return kind }
        return nil
    }
}
