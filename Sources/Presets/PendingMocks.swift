// TEMPORARY until Scene's mock screens land.
import Geometry
import Scene
enum Mocks {
    static let kinds: [(name: String, description: String)] = []
    static func screen(kind: String, size: Size, title: String?, tint: Color?, dark: Bool, seed: Int, items: Int?) -> Node? { nil }
}
