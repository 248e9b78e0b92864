// Memory for offscreen layers (group opacity, rounded clips and images, masked shadows), reused
// from draw to draw. A layer lives only inside the draw call that composites it, and the same
// layers come back every frame of a transition; allocating each fresh made every frame page-fault
// its layers in (blocks over glibc's 1 MB mmap threshold, MallocTuning, are fresh mappings), and
// first-touch faults cost ≈ 15× a memset of the same bytes on the development VM (1.2–1.5 GB/s
// against 20 GB/s, docs/PERFORMANCE.md).
import Synchronization

enum LayerPool {
    private struct Block: @unchecked Sendable {
        var bytes: UnsafeMutableRawPointer
        var capacity: Int
    }

    /// Free blocks, largest first. Touched only under the lock; a taken block belongs to the
    /// draw call that took it until it is given back.
    private static let free = Mutex<[Block]>([])
    /// What the pool keeps between draws: enough for two workers' whole-frame layers at
    /// 1170×2532 plus a few small ones; beyond that blocks are freed on return.
    static let retainedBytes = 64 << 20
    static let retainedBlocks = 8

    /// Runs `body` with a width × height bitmap of transparent black whose memory comes from
    /// (and goes back to) the pool. The bitmap must not escape `body`.
    static func withLayer<R>(width: Int, height: Int, _ body: (Bitmap) throws -> R) rethrows -> R {
        let n = width * height
        let block = take(bytes: n * 4)
        defer { give(block) }
        let pixels = block.bytes.bindMemory(to: UInt32.self, capacity: n)
        pixels.initialize(repeating: 0, count: n)
        return try body(Bitmap(width: width, height: height, rows: 0..<height, band: pixels))
    }

    /// Runs `body` with a width × height layer of which only `rows` exist (transparent black),
    /// for the part of a layer inside one band: the layer keeps the whole draw's size and origin.
    static func withLayer<R>(width: Int, height: Int, rows: Range<Int>, _ body: (Bitmap) throws -> R) rethrows -> R {
        if rows == 0..<height { return try withLayer(width: width, height: height, body) }
        let n = width * rows.count
        let block = take(bytes: n * 4)
        defer { give(block) }
        let pixels = block.bytes.bindMemory(to: UInt32.self, capacity: n)
        pixels.initialize(repeating: 0, count: n)
        return try body(Bitmap(width: width, height: height, rows: rows, band: pixels))
    }

    /// Runs `body` with `count` bytes of scratch memory (uninitialised) from the pool.
    static func withBytes<R>(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> R) rethrows -> R {
        let block = take(bytes: max(1, count))
        defer { give(block) }
        return try body(block.bytes.bindMemory(to: UInt8.self, capacity: max(1, count)))
    }

    /// The smallest free block that holds `bytes` without wasting most of itself, else a new one
    /// with 1/8 headroom (a layer that grows a little each frame then still reuses its block).
    private static func take(bytes: Int) -> Block {
        let found = free.withLock { list -> Block? in
            var best: Int?
            // Not a whole-frame block for a small layer: that one may be needed next.
            for (i, b) in list.enumerated() where b.capacity >= bytes && b.capacity <= max(2 * bytes, bytes + 256 << 10) {
                if best.map({ b.capacity < list[$0].capacity }) ?? true { best = i }
            }
            return best.map { list.remove(at: $0) }
        }
        if let found { return found }
        let capacity = (bytes + bytes / 8 + 4095) & ~4095
        return Block(bytes: .allocate(byteCount: capacity, alignment: 64), capacity: capacity)
    }

    /// Back to the pool; keeps the largest blocks within the limits, frees the rest.
    private static func give(_ block: Block) {
        free.withLock { list in
            list.append(block)
            list.sort { $0.capacity > $1.capacity }
            var total = 0, kept = 0, i = 0
            while i < list.count {
                if kept < retainedBlocks && total + list[i].capacity <= retainedBytes {
                    total += list[i].capacity; kept += 1; i += 1
                } else {
                    list.remove(at: i).bytes.deallocate()
                }
            }
        }
    }

    /// Frees every block not in use: after a draw made once (a snapshot), whose layers no frame
    /// asks for again (a frame drawn in bands takes band-sized blocks, and a block more than
    /// twice a layer's size is not handed out for it), so they would stay resident for nothing.
    static func trim() {
        free.withLock { list in
            for b in list { b.bytes.deallocate() }
            list.removeAll()
        }
    }

    /// Bytes currently held by free blocks (for tests).
    static var retained: Int { free.withLock { $0.reduce(0) { $0 + $1.capacity } } }
}
