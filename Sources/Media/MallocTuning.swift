import CFFmpeg
import Foundation

/// glibc malloc, set once before the first render. By default glibc raises its mmap threshold
/// to the size of the largest block freed so far (up to 32 MB), so after one 12 MB frame bitmap
/// is freed, later blocks up to that size come from the per-thread arenas instead of mmap — and
/// freed arena memory is rarely given back. A process rendering many presets (`segue batch`,
/// SoakTests' 500 renders) then grew by ≈ 1 MB per render, flat with MALLOC_ARENA_MAX=1 or
/// MALLOC_MMAP_THRESHOLD_=1048576. Fixing the threshold at 1 MB (which also turns the dynamic
/// adjustment off) keeps every large buffer mmapped and returned to the system when freed.
///
/// M_PERTURB 0xFF from the SECOND encoder of a process on: every heap allocation then starts
/// zeroed (glibc fills it with the complement of 0xFF; freed blocks get 0xFF), as the fresh pages
/// of a new process are. libx264 (r3095 here) reads memory it never wrote in its macroblock-tree
/// pass: the same frames gave different H.264 bytes (same pixels, a different I-frame coding)
/// whenever a second encoder in one process got recycled heap memory — `segue batch`, and
/// EncoderDeterminismTests on a busy machine, where thread timing decides which freed blocks each
/// x264 thread's arena hands back. With MALLOC_PERTURB_=165 the bytes changed with the fill value;
/// with mbtree=0, or with 0xFF, 5 of 5 runs of six in-process encodes under two busy loops were
/// identical, and identical to a fresh process's file.
///
/// Not for the first encoder: it reads fresh pages, which are zero already, and zeroing every
/// allocation makes all of x264's allocated-but-untouched buffers resident: the reference push
/// (1170×2532, 61 frames) peaked at 482 MB with it from the start and 403 MB without, against
/// 368 MB for x264 alone (ffmpeg, same settings) — identical bytes either way.
public enum MallocTuning {
    public static let applied: Bool = segue_fix_mmap_threshold(1 << 20) == 1

    // NSLock, not Synchronization.Mutex: ThreadSanitizer sees NSLock's ordering (scripts/sanitize).
    nonisolated(unsafe) private static var encoders = 0
    private static let lock = NSLock()

    /// Called as each libav encoder is about to open: from the second one on, new allocations are
    /// zeroed (see above). Returns whether they are.
    @discardableResult
    public static func encoderOpening() -> Bool {
        _ = applied
        lock.lock(); defer { lock.unlock() }
        encoders += 1
        return encoders >= 2 && segue_zero_new_allocations() == 1
    }
}
