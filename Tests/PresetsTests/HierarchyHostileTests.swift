import Foundation
import Presets
import XCTest

/// Dumps built to hurt a reader: entity expansion (billion laughs, external entities), 100 000
/// nodes, deep nesting, huge attributes, broken syntax. Each is refused with its line and column,
/// or read, in time and memory linear in its size (speed is measured by scripts/bench, not here).
final class HierarchyHostileTests: XCTestCase {
    func parse(_ text: String) throws -> HierarchyDump { try HierarchyReader.parse(Array(text.utf8)) }

    func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> HierarchyError? {
        do { _ = try parse(text); XCTFail("read without an error", file: file, line: line); return nil } catch { return error as? HierarchyError }
    }

    func testBillionLaughsIsRefusedNotExpanded() {
        var lol = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 { lol += " <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n" }
        lol += "]>\n<hierarchy><node bounds=\"[0,0][1,1]\" text=\"&lol9;\"/></hierarchy>\n"
        let e = failure(lol)
        XCTAssertTrue(e?.message.contains("DOCTYPE") == true, e?.description ?? "")
        XCTAssertEqual(e?.position?.line, 2)
    }

    func testExternalEntitiesAreRefused() {
        let e = failure("<?xml version=\"1.0\"?>\n<!DOCTYPE h SYSTEM \"file:///etc/passwd\">\n<hierarchy/>")
        XCTAssertTrue(e?.message.contains("external file") == true, e?.description ?? "")
        // A reference to an undeclared entity is refused too (never looked up anywhere).
        let u = failure("<hierarchy>\n  <node bounds=\"[0,0][1,1]\" text=\"&xxe;\"/></hierarchy>")
        XCTAssertEqual(u?.position?.line, 2)
        XCTAssertTrue(u?.message.contains("undefined entity &xxe;") == true, u?.description ?? "")
    }

    func testPredefinedEntitiesAndCharacterReferencesAreDecoded() throws {
        let d = try parse("<hierarchy><node bounds=\"[0,0][10,10]\" resource-id=\"a:id/x&amp;y&#x2F;&#65;&lt;&quot;&apos;&gt;\"/></hierarchy>")
        XCTAssertEqual(d.nodes.first?.identifier, "x&y/A<\"'>")
    }

    func testAHundredThousandNodes() throws {
        var s = "<hierarchy rotation=\"0\">\n<node bounds=\"[0,0][1080,2400]\">\n"
        s.reserveCapacity(100_000 * 90)
        for i in 0..<100_000 {
            s += "<node resource-id=\"a:id/n\(i % 50)\" class=\"android.widget.ImageView\" bounds=\"[\(i % 1000),\(i % 2000)][\(i % 1000 + 10),\(i % 2000 + 10)]\"/>\n"
        }
        s += "</node>\n</hierarchy>\n"
        let d = try parse(s)
        XCTAssertEqual(d.nodes.count, 100_001)
        XCTAssertEqual(d.nodes.last?.line, 100_002)
        let p = HierarchyPlacement(shotWidth: 1080, shotHeight: 2400, scale: 1, imageRect: .init(0, 0, 1080, 2400), canvas: .init(1080, 2400))
        let es = try HierarchyElements.elements(d, p)
        XCTAssertEqual(es.count, 100_000)
        XCTAssertEqual(es.last?.name, "n49#2000", "each of 50 names 2000 times")
    }

    func testDeepNestingIsBoundedWithoutRecursion() throws {
        let ok = 4000
        let deep = String(repeating: "<node>", count: ok) + String(repeating: "</node>", count: ok)
        XCTAssertNoThrow(try parse("<hierarchy>" + deep + "</hierarchy>"))
        let tooDeep = String(repeating: "<node>", count: 100_000) + String(repeating: "</node>", count: 100_000)
        let e = failure("<hierarchy>" + tooDeep + "</hierarchy>")
        XCTAssertTrue(e?.message.contains("nested deeper than 4096") == true, e?.description ?? "")
        // JSON: Maestro's tree deeper than the reader's bound is a positioned error, not a crash.
        let json = String(repeating: "{\"children\": [", count: 300) + String(repeating: "]}", count: 300)
        XCTAssertTrue(failure(json)?.message.contains("nesting deeper") == true)
    }

    func testHugeAttributesAreRead() throws {
        let big = String(repeating: "x", count: 8 << 20)
        let d = try parse("<hierarchy><node bounds=\"[0,0][5,5]\" text=\"\(big)\" resource-id=\"a:id/\(big.prefix(1000))\"/></hierarchy>")
        XCTAssertEqual(d.nodes.first?.identifier?.count, 1000)
    }

    func testBrokenSyntaxIsPositioned() {
        let cases: [(String, Int, String)] = [
            ("<hierarchy>\n<node bounds=\"[0,0][1,1]\">\n</hierarchy>", 3, "does not match <node>"),
            ("<hierarchy>\n<node bounds=\"[0,0][1,1]\" bounds=\"[0,0][2,2]\"/></hierarchy>", 2, "given twice"),
            ("<hierarchy>\n  <node bounds=\"[0,0]x[1,1]\"/></hierarchy>", 2, "is not [left,top][right,bottom]"),
            ("<hierarchy>\n<node bounds=\"[0,0][1,1]", 2, "unterminated attribute value"),
            ("<hierarchy/><hierarchy/>", 1, "a second root"),
            ("<hierarchy>\n<node " + (0..<30).map { "a\($0)=\"\"" }.joined(separator: " ") + " a7=\"\"/></hierarchy>", 2, "attribute a7 given twice"),
            ("<hierarchy><!-- never closed", 1, "unterminated comment"),
            ("<html><body/></html>", 1, "not the root of a known hierarchy dump"),
            ("<AppiumAUT>\n<XCUIElementTypeButton x=\"1\" y=\"2\" width=\"w\" height=\"4\"/></AppiumAUT>", 2, "needs a number for width"),
            ("{\"attributes\": {\"bounds\": \"[0,0][1,1]\"},\n \"children\": 3}", 2, "\"children\" must be an array"),
            ("{\"attributes\": {\"bounds\": [0, 0]}}", 1, "\"bounds\" must be"),
            ("{\"attributes\": {}, \"children\": [}", 1, "invalid JSON"),
            ("Window, 0x1, {{0.0, 0.0}, {390.0}}", 1, "is not {{x, y}, {width, height}}"),
            ("just some text\nwith no elements", 0, "no element lines"),
        ]
        for (text, line, words) in cases {
            let e = failure(text)
            XCTAssertTrue(e?.message.contains(words) == true, "\(text): \(e?.description ?? "nil")")
            if line > 0 { XCTAssertEqual(e?.position?.line, line, text) }
        }
    }

    func testNotUTF8AndEmptyFiles() {
        XCTAssertTrue(failure("   \n ")?.message.contains("empty") == true)
        do { _ = try HierarchyReader.parse([0x7B, 0xFF, 0xFE]); XCTFail() } catch {
            XCTAssertTrue(error.message.contains("not UTF-8"), error.description)
        }
    }
}
