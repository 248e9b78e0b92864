import Foundation
import Media
import Presets

/// The peak memory of `segue frames` and `segue sheet`, estimated before rendering like a
/// render's (issue 20.6), from the same parts: the process, the screens' images, the snapshots
/// FrameComposer keeps, and then what each command holds at its peak.
///
/// Coefficients, fitted (rounded up) to peak RSS from `/usr/bin/time -v` on the demo (1170×2532):
/// `frames --every 10` peaked at 107 MiB with one worker and 136 MiB with two (30 MiB a worker
/// at 2.96 Mpx, 10 B/px: the canvas, the PNG encoder's frame, its packet and the Data copy), 375
/// MiB with two at --scale 2; 12 B/px is counted. `sheet` peaks while the sheet is encoded: 235
/// MiB for a 1912×6253 sheet (`--count 50`), 1177 MiB for 1912×46447 (`--count 400
/// --slow-motion 3`), 12.9 B/px of sheet between the two: its 4 B/px and the encoder's ≈ 9 (the
/// RGB frame, the worst-case packet buffer, zeroed so resident: MallocTuning); 12 is counted
/// (with device chrome and ICU text the 50-frame sheet peaked at 250–275 MiB, the 400-frame one
/// at 1215 MiB).
/// Before that, each worker's canvas has its mip levels while it is scaled down (6 B/px counted).
extension MemoryEstimate {
    /// A worker of `frames`: its canvas, the PNG encoder's input frame, packet and Data.
    static let stillWorkerBytesPerPixel = 12
    /// A worker of `sheet`: its canvas and the mip levels of it the thumbnail is drawn from.
    static let sheetWorkerBytesPerPixel = 6
    /// Encoding a still (PNG or JPEG) of a sheet: the encoder's frame, its packet buffer, the Data.
    static let stillEncodeBytesPerPixel = 12

    /// `segue frames`: `workers` canvases each with a still being encoded.
    public static func frames(_ s: Storyboard, stills: Int, jobs: Int) -> MemoryEstimate {
        let px = s.pixelWidth * s.pixelHeight
        let workers = max(1, min(jobs, stills))
        var parts = common(s)
        let rendering = workers * px * stillWorkerBytesPerPixel
        if s.largestImageFrameBytes > snapshotBytes(s) + rendering {
            parts.append(("largest image while decoding", s.largestImageFrameBytes))
        } else {
            parts.append(("snapshots", snapshotBytes(s)))
            parts.append(("\(workers) worker\(workers == 1 ? "" : "s") (canvas and PNG encoder)", rendering))
        }
        return MemoryEstimate(parts: parts)
    }

    /// `segue sheet`: the larger of drawing (thumbnails + the sheet, while the workers' canvases
    /// are gone) and encoding (the sheet + the encoder); the workers' phase before them is smaller
    /// than drawing for any sheet of more than a couple of frames, and is counted when it is not.
    public static func sheet(_ s: Storyboard, count: Int, columns: Int, slowMotion: Double, jobs: Int) -> MemoryEstimate {
        let layout = ContactSheet.Layout(s, count: count, columns: columns, slowMotion: slowMotion)
        let px = s.pixelWidth * s.pixelHeight, n = layout.indices.count
        let workers = max(1, min(jobs, n))
        let thumbs = n * layout.thumbPixels * 4, sheet = layout.sheetPixels * 4
        let encoding = layout.sheetPixels * stillEncodeBytesPerPixel
        let frames = workers * px * sheetWorkerBytesPerPixel + thumbs
        var parts = common(s)
        if s.largestImageFrameBytes > snapshotBytes(s) + max(frames, thumbs + sheet, sheet + encoding) {
            parts.append(("largest image while decoding", s.largestImageFrameBytes))
            return MemoryEstimate(parts: parts)
        }
        parts.append(("snapshots", snapshotBytes(s)))
        if frames > max(thumbs + sheet, sheet + encoding) {
            parts.append(("\(workers) worker canvas\(workers == 1 ? "" : "es")", workers * px * sheetWorkerBytesPerPixel))
            parts.append(("\(n) thumbnails", thumbs))
        } else if thumbs + sheet > sheet + encoding {
            parts.append(("\(n) thumbnails", thumbs))
            parts.append(("the \(Int(layout.sheetW))×\(Int(layout.sheetH)) sheet", sheet))
        } else {
            parts.append(("the \(Int(layout.sheetW))×\(Int(layout.sheetH)) sheet", sheet))
            parts.append(("its encoder", encoding))
        }
        return MemoryEstimate(parts: parts)
    }

    /// The process and the images, kept for the whole command (as in `render`).
    private static func common(_ s: Storyboard) -> [(name: String, bytes: Int)] {
        [("process", processBytes), ("images", s.imageBytes + s.imageBytes / 3)]
    }
}
