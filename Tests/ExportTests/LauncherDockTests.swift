import Foundation
import XCTest
import Geometry
import Scene

/// Issue 28, review 5: the launcher (`home`, catalog/predictive-back-home) showed Phone, Messages,
/// Chrome and Camera in the grid and again in the dock, each in another colour (Phone yellow in
/// the grid, red in the dock): one app with two icons on one home screen. A dock icon now has the
/// colour of the grid's icon with the same glyph.
final class LauncherDockTests: XCTestCase {
    /// A glyph's shapes, without their colours (a cut-out takes its tile's colour).
    static func shape(_ n: Node) -> String {
        let kind: String
        switch n.kind {
        case .group: kind = "group"
        case .rect: kind = "rect"
        case .ellipse: kind = "ellipse"
        case .image: kind = "image"
        case .text(let s, _): kind = "text \(s)"
        }
        return "\(kind) \(n.frame) \(n.cornerRadius) \(n.border?.width ?? 0) [\(n.children.map(shape).joined(separator: ", "))]"
    }

    func tile(_ n: Node) -> Color? { if case .solid(let c)? = n.fill { return c } else { return nil } }

    func testEveryDockIconHasItsGridIconsColour() throws {
        var checked = 0
        for size in [Size(411.43, 914.29), Size(411.43, 923.43), Size(360, 780), Size(426.67, 952)] {
            for seed in [0, 7, 19, 60, 61] {
                let label = "\(size) seed \(seed)"
                let home = try XCTUnwrap(Mocks.screen(kind: "home", size: size, seed: seed, items: 20, style: .material), label)
                let grid = home.children.filter { $0.id?.hasPrefix("icon") == true }
                let gridBottom = try XCTUnwrap(grid.map(\.frame.maxY).max(), label)
                // The dock: the round icons below the grid (above the search pill).
                let dock = home.children.filter { if case .ellipse = $0.kind { return $0.id == nil && $0.frame.minY > gridBottom } else { return false } }
                XCTAssertEqual(dock.count, 4, "\(label): a dock of four")
                for (k, icon) in dock.enumerated() {
                    let glyph = icon.children.map(Self.shape)
                    let same = grid.filter { $0.children.map(Self.shape) == glyph }
                    guard !same.isEmpty else { continue }
                    XCTAssertTrue(same.contains { tile($0) == tile(icon) },
                                  "\(label): dock icon \(k) is \(String(describing: tile(icon))), the grid's \(same.compactMap(\.id)) \(same.compactMap(tile))")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 60, "the dock's apps are in the grid")
    }
}
