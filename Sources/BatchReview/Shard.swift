/// `--shard I/N`: a stable subset of a batch, so N machines (a CI matrix, an indexed job, an
/// array job) can split it with no coordinator.
///
/// A preset belongs to shard `1 + (h mod N)`, h = the first 8 bytes (big-endian) of the SHA-256 of
/// its path relative to the batch root (the folder given on the command line; for a file given
/// directly, its path as given without a leading "./"). A hash, not the position in the sorted
/// list: adding or removing a preset moves no other preset to another shard, the choice is the
/// same on every machine and needs nothing but the path. Shards 1...N partition every batch.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) { self.index = index; self.count = count }

    /// "I/N" with 1 ≤ I ≤ N ≤ 100000.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, i >= 1, i <= n else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The 1-based shard a relative path belongs to.
    public static func shard(of relativePath: String, count: Int) -> Int {
        var s = SHA256()
        s.update(relativePath)
        let d = s.finalize()
        var h: UInt64 = 0
        for b in d.prefix(8) { h = h << 8 | UInt64(b) }
        return Int(h % UInt64(count)) + 1
    }

    public func contains(_ relativePath: String) -> Bool { Shard.shard(of: relativePath, count: count) == index }
}
