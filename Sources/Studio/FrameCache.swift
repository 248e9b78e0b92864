import Foundation

/// The last few encoded frames, by preset (ID, combination, preview), folder version and frame
/// index: scrubbing back over a frame, or a second page on the same frame, sends the bytes
/// already made. A new folder version makes the older entries unreachable; they leave as newer
/// frames come in, so at most `kept` frames are held (≈ 12 MB each at 1170×2532).
final class FrameCache: @unchecked Sendable {
    struct Key: Hashable { var preset: PresetStore.Key; var version: Int; var frame: Int }

    private let lock = NSLock()
    private var entries: [(key: Key, bytes: FrameBytes)] = []
    let kept: Int

    init(kept: Int = 4) { self.kept = kept }

    func get(_ key: Key) -> FrameBytes? {
        lock.withLock {
            guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let hit = entries.remove(at: i)
            entries.append(hit)   // most recently used last
            return hit.bytes
        }
    }

    func put(_ key: Key, _ bytes: FrameBytes) {
        lock.withLock {
            entries.removeAll { $0.key == key }
            entries.append((key, bytes))
            if entries.count > kept { entries.removeFirst(entries.count - kept) }
        }
    }
}
