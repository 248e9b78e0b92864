import CFFmpeg

/// glibc malloc, set once before the first render. By default glibc raises its mmap threshold
/// to the size of the largest block freed so far (up to 32 MB), so after one 12 MB frame bitmap
/// is freed, later blocks up to that size come from the per-thread arenas instead of mmap — and
/// freed arena memory is rarely given back. A process rendering many presets (`segue batch`,
/// SoakTests' 500 renders) then grew by ≈ 1 MB per render, flat with MALLOC_ARENA_MAX=1 or
/// MALLOC_MMAP_THRESHOLD_=1048576. Fixing the threshold at 1 MB (which also turns the dynamic
/// adjustment off) keeps every large buffer mmapped and returned to the system when freed.
public enum MallocTuning {
    public static let applied: Bool = segue_fix_mmap_threshold(1 << 20) == 1
}
