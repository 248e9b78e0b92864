import Foundation

/// An encoded frame in memory of its own (malloc'd), handed to libmicrohttpd without a copy: the
/// response retains this object and releases it when the bytes have been sent. Immutable once
/// filled, so a cached frame may be sent on many connections at once.
final class FrameBytes: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let count: Int

    init(count: Int) {
        self.count = count
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
    }

    convenience init(_ data: Data) {
        self.init(count: data.count)
        data.copyBytes(to: base, count: data.count)
    }

    deinit { base.deallocate() }

    var data: Data { Data(bytes: base, count: count) }
}
