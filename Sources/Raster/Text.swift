import Geometry
import Scene

enum TextRenderer {
    static func draw(_ s: String, style: TextStyle, in bounds: Rect, _ m: Affine, into target: Bitmap, clip: IRect, alpha: UInt32) {}
}
