import Vocabulary
import Scene

extension Resolver {
    /// A screen the story never shows is not built and its images are not decoded (issue 20.5),
    /// but what can be checked without building it still is, so a preset that is wrong stays
    /// wrong whether or not a step shows the screen yet: the mock kind, and that every image it
    /// names is a regular file inside the preset's folder with an image header within the limits
    /// (the first bytes only: nothing is decoded).
    func checkUnshown(_ spec: ScreenSpec, path: String, problem: (String, String) -> Void) {
        func asset(_ relative: String, _ at: String) {
            if case .failure(let why) = images.info(relative, fitting: PixelBox(width: 1, height: 1), opensDecoder: false) {
                problem(at, why.description)
            }
        }
        func walk(_ l: LayerSpec) {
            if l.kind == .image, let f = l.image { asset(f, l.path + ".image") }
            l.children.forEach(walk)
        }
        switch spec {
        case .image(let file, _, _): asset(file, path + ".image")
        case .layers(_, let layers): layers.forEach(walk)
        case .mock(let kind, _, _, _, _, _):
            if !Mocks.kinds.contains(where: { $0.name == kind }) { problem(path + ".mock", FieldReader.unknown("mock", kind, Mocks.kinds.map(\.name))) }
        }
    }
}
