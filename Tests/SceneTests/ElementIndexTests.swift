import XCTest
import Geometry
import Scene

/// Issue 27.7: a screen's elements are looked up and hidden in one walk of its tree; the results
/// are those of the per-element lookups (`element(id:)`, `hiding(id:)` one id at a time).
final class ElementIndexTests: XCTestCase {
    /// A screen of nested, transformed layers (a repeated id, an id equal to the screen's) and regions.
    func screen() -> Node {
        var cells: [Node] = []
        for k in 0..<40 {
            let photo = Node.rect(Rect(5, 5, 40, 40), .black, id: "photo\(k)")
            let badge = Node.rect(Rect(1, 1, 4, 4), .white, id: k == 7 ? "photo3" : "badge\(k)")
            var cell = Node(id: "cell\(k)", kind: .group, frame: Rect(10, Double(100 + 50 * k), 200, 50), children: [photo, badge])
            if k % 5 == 0 { cell.transform = LayerTransform(scale: Point(1.5, 0.5)) }
            cells.append(cell)
        }
        let regions = (0..<10).map { k in
            Node.region(id: "r\(k)", frame: Rect(Double(20 * k), 0, 18, 18), cornerRadius: 3, standIn: .rect(Rect(0, 0, 18, 18), .white))
        }
        return Node.group(Rect(0, 0, 390, 2200), id: "screen", cells + regions + [Node.rect(Rect(0, 0, 1, 1), .black, id: "screen")])
    }

    /// Preorder (id, hidden, region, children) of a tree, to compare two trees.
    func shape(_ n: Node) -> [String] {
        ["\(n.id ?? "-") \(n.hidden) \(n.isRegion) \(n.children.count)"] + n.children.flatMap(shape)
    }

    func testTheIndexAgreesWithLookingUpEachElement() {
        let s = screen()
        let index = s.elementIndex
        var ids = Set(s.allIDs)
        ids.remove("screen")
        XCTAssertEqual(Set(index.keys), ids)
        for id in ids {
            XCTAssertEqual(index[id]?.element, s.element(id: id), id)
            XCTAssertEqual(index[id]?.node.frame, s.find(id: id)?.frame, id)
        }
        XCTAssertNil(index["screen"], "the screen's own id is not an element")
    }

    func testHidingManyInOneWalkIsHidingEachInTurn() {
        let s = screen()
        let ids = ["photo3", "cell5", "badge5", "r2", "r9", "nothing", "photo12"]
        var one = s
        for id in ids { one = one.hiding(id: id) }
        XCTAssertEqual(shape(s.hidingElements(ids)), shape(one))
        XCTAssertNotEqual(shape(s.hidingElements(ids)), shape(s))
        XCTAssertEqual(shape(s.withoutIdleRegions).count, shape(s).count - 10, "the 10 shown regions, each a node without children")
        XCTAssertEqual(shape(s.hidingElements(["r2"]).withoutIdleRegions).filter { $0.hasPrefix("r") }.count, 1, "a hidden region draws its stand-in")
    }
}
