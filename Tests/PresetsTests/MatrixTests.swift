import Foundation
import XCTest
import SegueTestSupport
import Presets
import Raster

/// A preset's "matrix" (issue 21): GitHub Actions' expansion, clip names, substitution into the
/// tree, `--only`, the limits, and validation of every combination.
final class MatrixTests: XCTestCase {
    /// A preset with mock screens, a `$transition` slot and strings `$fruit` … `$shape` to substitute.
    static func preset(matrix: String, name: String? = "m", extra: String = "") -> String {
        """
        { "segue": 1,\(name.map { " \"name\": \"\($0)\"," } ?? "") "matrix": \(matrix),
          "device": "iphone-13", "fps": 30,
          "screens": { "a": { "mock": "list", "title": "$fruit" }, "b": { "mock": "detail", "title": "$animal" } },
          "start": "a",
          "timeline": [ { "hold": 0.5, "caption": "$shape" }, { "push": "b", "transition": "$transition", "caption": "$color" },
                        { "hold": "$hold", "caption": "$fruit!" } ]\(extra) }
        """
    }

    func source(_ text: String) throws -> PresetSource { try PresetSource.parse(text: text, file: "m.json", defaultName: "file") }

    func combos(_ text: String) throws -> [[String: String]] {
        let m = try XCTUnwrap(try source(text).matrix)
        return m.combinations.map { c in Dictionary(uniqueKeysWithValues: c.values.map { ($0.key, Self.text($0.value)) }) }
    }

    static func text(_ n: JSONNode) -> String {
        switch n.value {
        case .string(let s): return s
        case .number(let d): return JSONNode.format(d)
        case .bool(let b): return "\(b)"
        default: return "?"
        }
    }

    func problems(_ text: String) -> [String] {
        do { _ = try PresetSource.parse(text: text, file: "m.json", defaultName: "file"); return [] } catch { return error.problems.map(\.description) }
    }

    func testTheProductVariesTheFirstKeySlowest() throws {
        let c = try combos(Self.preset(matrix: #"{ "vars.fruit": ["apple", "pear"], "vars.animal": ["cat", "dog", "owl"] }"#))
        XCTAssertEqual(c.map { "\($0["vars.fruit"]!)/\($0["vars.animal"]!)" },
                       ["apple/cat", "apple/dog", "apple/owl", "pear/cat", "pear/dog", "pear/owl"])
    }

    /// The example of GitHub's documentation ("Expanding or adding matrix configurations"),
    /// with its results as the documentation lists them.
    func testIncludeFollowsGitHubActions() throws {
        let m = #"""
        { "vars.fruit": ["apple", "pear"], "vars.animal": ["cat", "dog"],
          "include": [ { "vars.color": "green" }, { "vars.color": "pink", "vars.animal": "cat" },
                       { "vars.fruit": "apple", "vars.shape": "circle" }, { "vars.fruit": "banana" },
                       { "vars.fruit": "banana", "vars.animal": "cat" } ] }
        """#
        let c = try combos(Self.preset(matrix: m))
        XCTAssertEqual(c, [
            ["vars.fruit": "apple", "vars.animal": "cat", "vars.color": "pink", "vars.shape": "circle"],
            ["vars.fruit": "apple", "vars.animal": "dog", "vars.color": "green", "vars.shape": "circle"],
            ["vars.fruit": "pear", "vars.animal": "cat", "vars.color": "pink"],
            ["vars.fruit": "pear", "vars.animal": "dog", "vars.color": "green"],
            ["vars.fruit": "banana"],
            ["vars.fruit": "banana", "vars.animal": "cat"],
        ])
        let s = try source(Self.preset(matrix: m))
        XCTAssertEqual(s.matrix?.keys, ["vars.fruit", "vars.animal", "vars.color", "vars.shape"])
        XCTAssertEqual(s.matrix!.combinations.map { s.name(of: $0) },
                       ["m-apple-cat-pink-circle", "m-apple-dog-green-circle", "m-pear-cat-pink", "m-pear-dog-green", "m-banana", "m-banana-cat"])
    }

    /// GitHub's "Excluding matrix configurations": a partial match excludes; 12 − 1 − 2 = 9.
    func testExcludeDropsEveryPartialMatchBeforeInclude() throws {
        let m = #"""
        { "vars.fruit": ["macos", "windows"], "vars.animal": [12, 14, 16], "vars.color": ["staging", "production"],
          "exclude": [ { "vars.fruit": "macos", "vars.animal": 12, "vars.color": "production" }, { "vars.fruit": "windows", "vars.animal": 16 } ],
          "include": [ { "vars.fruit": "windows", "vars.animal": 16, "vars.shape": "added" } ] }
        """#
        let c = try combos(Self.preset(matrix: m))
        XCTAssertEqual(c.count, 10)
        XCTAssertFalse(c.contains { $0["vars.fruit"] == "macos" && $0["vars.animal"] == "12" && $0["vars.color"] == "production" })
        // The excluded windows/16 pair comes back only as the include's own combination.
        XCTAssertEqual(c.filter { $0["vars.fruit"] == "windows" && $0["vars.animal"] == "16" },
                       [["vars.fruit": "windows", "vars.animal": "16", "vars.shape": "added"]])
        XCTAssertEqual(c.last, ["vars.fruit": "windows", "vars.animal": "16", "vars.shape": "added"])
    }

    func testClipNamesAreFileNameSafeAndDistinct() throws {
        let s = try source(Self.preset(matrix: #"""
        { "vars.fruit": ["a/b c", "..hidden", "#FF8200", "猫", "x:y*?"], "vars.shape": [true, false], "vars.animal": [0.5] }
        """#))
        let names = s.matrix!.combinations.map { s.name(of: $0) }
        XCTAssertEqual(names.prefix(4), ["m-a-b-c-shape-0.5", "m-a-b-c-no-shape-0.5", "m-hidden-shape-0.5", "m-hidden-no-shape-0.5"])
        XCTAssertTrue(names.contains("m-FF8200-shape-0.5"))
        XCTAssertTrue(names.contains("m-猫-no-shape-0.5"))
        XCTAssertTrue(names.contains("m-x-y-shape-0.5"))
        for n in names { XCTAssertFalse(n.contains("/") || n.contains(" ") || n.contains(":") || n.hasPrefix("."), n) }
        // Without "name", the file's name leads.
        let plain = try source(Self.preset(matrix: #"{ "dark": [false, true] }"#, name: nil))
        XCTAssertEqual(plain.matrix!.combinations.map { plain.name(of: $0) }, ["file-light", "file-dark"])
        // Values that differ only in punctuation would write one file twice.
        let clash = problems(Self.preset(matrix: #"{ "vars.fruit": ["a b", "a-b"] }"#))
        XCTAssertEqual(clash.count, 1)
        XCTAssertTrue(clash[0].contains("both name the clip \"m-a-b\""), clash[0])
    }

    func testEachKeySubstitutesWhereTheIssueSays() throws {
        let s = try source(Self.preset(matrix: #"""
        { "device": ["iphone-se"], "fps": [24], "scale": [1.5], "background": ["#102030"], "dark": [true], "tint": ["#00FF00"],
          "transition": ["pan-back"], "vars.hold": [0.75], "vars.fruit": ["Apple"] }
        """#))
        let c = try XCTUnwrap(s.matrix?.combinations.first { _ in true })
        let p = try s.preset(c)
        XCTAssertEqual(p.name, "m-iphone-se-24-1.5-102030-dark-00FF00-pan-back-0.75-Apple")
        XCTAssertEqual(p.device.name, "iphone-se")
        XCTAssertEqual(p.fps, 24)
        XCTAssertEqual(p.scale, 1.5)
        // The colours as the decoder reads them from a preset written without a matrix.
        let plain = try PresetDecoder.decode(text: #"""
        { "segue": 1, "background": "#102030", "screens": { "a": { "mock": "list", "tint": "#00FF00" } }, "start": "a", "timeline": [ { "hold": 1 } ] }
        """#, file: "p.json", defaultName: "p")
        guard case .mock(_, _, let plainTint, _, _, _) = plain.screens[0].1 else { return XCTFail("plain") }
        XCTAssertEqual("\(p.background)", "\(plain.background)")
        for (id, screen) in p.screens {
            guard case .mock(_, let title, let tint, let dark, _, _) = screen else { return XCTFail(id) }
            XCTAssertTrue(dark, id)
            XCTAssertEqual(tint, plainTint, id)
            XCTAssertEqual(title, id == "a" ? "Apple" : "$animal", id)
        }
        XCTAssertEqual(p.timeline[1].transition, "pan-back")
        guard case .hold(let h) = p.timeline[2].kind else { return XCTFail("hold") }
        XCTAssertEqual(h, 0.75)
        XCTAssertEqual(p.timeline[0].caption, "$shape")
        XCTAssertEqual(p.timeline[2].caption, "$fruit!")  // only a whole "$NAME" string is a variable
        // The object form of a transition keeps its parameters.
        let obj = try source(#"""
        { "segue": 1, "matrix": { "transition": ["uikit", "fade"] }, "screens": { "a": { "mock": "list" }, "b": { "mock": "detail" } },
          "start": "a", "timeline": [ { "push": "b", "transition": { "type": "$transition" }, "duration": 0.4 } ] }
        """#)
        XCTAssertEqual(try obj.matrix!.combinations.map { try obj.preset($0).timeline[0].transition }, ["uikit", "fade"])
    }

    func testBadMatricesAreReportedWithPathAndWhatWasExpected() {
        func first(_ m: String) -> String { problems(Self.preset(matrix: m)).first ?? "(no problem)" }
        XCTAssertTrue(first(#"{ "devise": ["iphone-se"] }"#).contains(": matrix.devise: unknown matrix key \"devise\"; did you mean \"device\"?"))
        XCTAssertTrue(first(#"{ "device": [] }"#).contains("matrix.device"))
        XCTAssertTrue(first(#"{ "device": "iphone-se" }"#).contains("expected an array"))
        XCTAssertTrue(first(#"{ "device": [{ "width": 3 }] }"#).contains("matrix.device[0]: expected a string, number or boolean"))
        XCTAssertTrue(first(#"{ "fps": [30, 30] }"#).contains("duplicate value 30"))
        XCTAssertTrue(first(#"{ "vars.nothere": [1] }"#).contains("no string in the preset is \"$nothere\""))
        XCTAssertTrue(first(#"{ "dark": [true], "exclude": [ { "dark": "yes" } ] }"#).contains("matrix.exclude[0].dark: \"yes\" is not one of dark's values"))
        XCTAssertTrue(first(#"{ "dark": [true], "exclude": [ { "fps": 30 } ] }"#).contains("exclude names the matrix's own keys"))
        XCTAssertTrue(first(#"{ "dark": [true], "exclude": [ { "dark": true } ] }"#).contains("no combinations left"))
        let noSlot = #"{ "segue": 1, "matrix": { "transition": ["uikit"] }, "screens": { "a": { "layers": [] } }, "start": "a", "timeline": [ { "hold": 1 } ] }"#
        XCTAssertTrue((problems(noSlot).first ?? "").contains("no step's transition is \"$transition\""))
        XCTAssertTrue((problems(noSlot.replacingOccurrences(of: "transition", with: "tint")).first ?? "").contains("applies to mock screens"))
    }

    /// At most 1000 clips, counted after exclude and include; the axes' product is walked lazily.
    func testAtMostAThousandCombinations() throws {
        let ten = "[" + (0..<10).map(String.init).joined(separator: ", ") + "]"
        let ok = try source(Self.preset(matrix: "{ \"vars.fruit\": \(ten), \"vars.animal\": \(ten), \"vars.color\": \(ten) }"))
        XCTAssertEqual(ok.matrix?.count, 1000)
        var n = 0, last: MatrixCombination?
        for c in ok.matrix!.combinations { n += 1; last = c }
        XCTAssertEqual(n, 1000)
        XCTAssertEqual(last?.query, "vars.fruit=9,vars.animal=9,vars.color=9")
        let over = problems(Self.preset(matrix: "{ \"vars.fruit\": \(ten), \"vars.animal\": \(ten), \"vars.color\": \(ten), \"include\": [ { \"vars.fruit\": 10 } ] }"))
        XCTAssertEqual(over.count, 1)
        XCTAssertTrue(over[0].contains(": matrix: the matrix has more than 1000 combinations"), over[0])
        // 1100 before exclude, 1000 after: allowed.
        let eleven = "[" + (0..<11).map(String.init).joined(separator: ", ") + "]"
        let trimmed = try source(Self.preset(matrix: "{ \"vars.fruit\": \(eleven), \"vars.animal\": \(ten), \"vars.color\": \(ten), \"exclude\": [ { \"vars.fruit\": 10 } ] }"))
        XCTAssertEqual(trimmed.matrix?.count, 1000)
        let huge = "[" + (0..<1000).map(String.init).joined(separator: ", ") + "]"
        let far = problems(Self.preset(matrix: "{ \"vars.fruit\": \(huge), \"vars.animal\": \(huge), \"vars.color\": \(ten) }"))
        XCTAssertTrue(far.first?.contains("multiply to more than 1000000") ?? false, "\(far)")
    }

    func testOnlyPicksOneCombinationOrListsThem() throws {
        let s = try source(Self.preset(matrix: #"{ "device": ["iphone-se", "iphone-15"], "dark": [false, true], "transition": ["uikit", "fade"] }"#))
        XCTAssertEqual(try s.select("device=iphone-15,dark=true,transition=fade")?.query, "device=iphone-15,dark=true,transition=fade")
        XCTAssertEqual(try s.select("transition=uikit,dark=dark,device=iphone-se")?.query, "device=iphone-se,dark=true,transition=uikit")
        func message(_ only: String?) -> String {
            do { _ = try s.select(only); return "" } catch { return error.description }
        }
        XCTAssertTrue(message(nil).contains("a matrix preset of 8 clips"))
        XCTAssertTrue(message(nil).contains("--only device=iphone-15,dark=true,transition=fade  → m-iphone-15-dark-fade"))
        XCTAssertTrue(message("device=iphone-se").contains("4 combinations match"))
        XCTAssertTrue(message("device=iphone-x").contains("no combination matches"))
        XCTAssertTrue(message("devic=iphone-se").contains("did you mean \"device\"?"))
        XCTAssertTrue(message("device").contains("KEY=VALUE"))
        let plain = try source(#"{ "segue": 1, "screens": { "a": { "layers": [] } }, "start": "a", "timeline": [ { "hold": 1 } ] }"#)
        XCTAssertNil(try plain.select(nil))
        XCTAssertThrowsError(try plain.select("device=iphone-se"))
        // A matrix preset decoded as one preset, without expansion, is refused with the reason.
        XCTAssertThrowsError(try PresetDecoder.decode(text: Self.preset(matrix: #"{ "dark": [true] }"#), file: "m.json", defaultName: "m")) { e in
            XCTAssertTrue("\(e)".contains(": matrix: a matrix preset describes several clips"), "\(e)")
        }
    }

    /// `validate` resolves every combination: one that does not fit is reported with its values;
    /// a problem every combination shares is one line.
    func testValidateReportsTheCombinationThatIsInvalid() throws {
        let dir = try temporaryFolder("matrix")
        // ipad-mini is 744×1133 pt: at scale 8, 8912 px tall, over the 8192 px canvas limit.
        let text = Self.preset(matrix: #"{ "device": ["iphone-se", "ipad-mini"], "scale": [1, 8], "transition": ["uikit"] }"#)
            .replacingOccurrences(of: "\"$hold\"", with: "0.5")
        try text.write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        let found = PresetLoader.validate(path: dir + "/m.json", images: folderImages, fonts: InstalledFonts()).problems.map(\.description)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("scale: canvas must be 2 to 8192 pixels a side (got 5952×9064) [in combination device=ipad-mini scale=8 transition=uikit]") ?? false, "\(found)")
        // A typo outside the matrix: once, for every combination.
        try text.replacingOccurrences(of: "\"fps\"", with: "\"fsp\"").write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        let typo = PresetLoader.validate(path: dir + "/m.json", images: folderImages, fonts: InstalledFonts()).problems.map(\.description)
        XCTAssertTrue(typo.contains { $0.contains("fsp: unknown key \"fsp\"; did you mean \"fps\"?") && $0.contains("[in every combination]") }, "\(typo)")
    }
}
