// libFuzzer target: text layout and drawing (ICU line breaks, grapheme clusters and bidi, font
// fallback, HarfBuzz shaping, truncation). The input's first byte picks the base direction, the
// width and the line limit; the rest is UTF-16 code units, unpaired surrogates included (a String
// repairs them to U+FFFD, as JSON text does), so flags, ZWJ sequences, bidi controls and
// isolates (U+202A–202E, U+2066–2069) all come through. The same units, taken as raw scalars
// (surrogates and values past U+10FFFF kept), go to the ICU wrappers directly.
// Any input may be laid out; none may crash, hang or allocate without bound.
import CICU
import Geometry
import Raster
import Scene

@_cdecl("LLVMFuzzerTestOneInput")
public func textFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1, size <= 64 * 1024 else { return -1 }
    let control = data[0]
    var units: [UInt16] = []
    var i = 1
    while i + 1 < size { units.append(UInt16(data[i]) | UInt16(data[i + 1]) << 8); i += 2 }
    let text = String(decoding: units, as: UTF16.self)
    var style = TextStyle(font: Font(size: 9 + Double(control & 7), weight: control & 8 != 0 ? .bold : .regular),
                          alignment: [.left, .center, .right][Int(control >> 4) % 3], lines: Int(control >> 6))
    style.direction = control & 16 != 0 ? .rtl : .ltr
    let width = 20 + Double(control) * 2
    _ = Renderer.layoutText(text, style: style, width: width)
    _ = Renderer.unsupportedCharacters(in: text, style: style)
    let bitmap = Bitmap(uncheckedWidth: 64, height: 48)
    Renderer.render(Node(kind: .text(text, style), frame: Rect(0, 0, 64, 48)), scale: 1, into: bitmap)
    // The C layer with scalars no String holds.
    let raw = units.map { UInt32($0) | (UInt32(control & 1) << 20) }
    var flags = [UInt8](repeating: 0, count: raw.count + 1), levels = [UInt8](repeating: 0, count: raw.count + 1)
    var map = [Int32](repeating: 0, count: raw.count + 1)
    var error = [CChar](repeating: 0, count: 128)
    let n = Int32(raw.count)
    _ = segue_icu_line_breaks(raw, n, &flags, &error, error.count)
    _ = segue_icu_grapheme_starts(raw, n, &flags, &error, error.count)
    let para = segue_icu_bidi_levels(raw, n, control & 32 != 0 ? -2 : -1, &levels, &error, error.count)
    if para >= 0 {
        segue_icu_bidi_line_levels(raw, n, UInt8(para), &levels)
        _ = segue_icu_reorder_visual(levels, n, &map)
        _ = segue_icu_reference_visual_map(raw, n, para, 0, n / 2, &map, &error, error.count)
    }
    return 0
}
