import CMicroHTTPD
import Foundation

/// One GET request as the router sees it: the path, the query arguments it asked for by name
/// (looked up in libmicrohttpd's parsed arguments, never parsed by hand) and the Host header.
struct Request {
    var method: String
    var path: String
    var host: String?
    fileprivate let connection: OpaquePointer

    func argument(_ name: String) -> String? {
        MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name).map { String(cString: $0) }
    }
}

/// What the router answers: bytes, or an endless event stream (server-sent events).
enum Response {
    case bytes(status: Int, type: String, body: Data, headers: [(String, String)] = [])
    /// An encoded frame, sent from its own memory (no copy; it may be cached and shared).
    case frame(FrameBytes, type: String, headers: [(String, String)])
    case stream(ChangeFeed.Subscriber)

    static func text(_ status: Int, _ message: String) -> Response {
        .bytes(status: status, type: "text/plain; charset=utf-8", body: Data((message + "\n").utf8))
    }
}

/// libmicrohttpd serving `handle` on 127.0.0.1 and ::1 at one port, a thread per connection.
/// The library parses HTTP and bounds each request's size (its connection memory limit); Studio
/// only routes. Both daemons are stopped by `stop()`.
final class HTTPServer: @unchecked Sendable {
    let handle: @Sendable (Request) -> Response
    private var daemons: [OpaquePointer] = []
    private(set) var port: UInt16 = 0

    /// At most this many connections at once (each a thread: the page's event stream holds one).
    static let connectionLimit: UInt32 = 256
    /// Bytes of request line and headers a connection may buffer; a larger request is refused.
    static let requestMemory = 16 * 1024

    init(handle: @escaping @Sendable (Request) -> Response) { self.handle = handle }

    /// Binds both loopback addresses at `port` (0: a free port, the same on both). Without IPv6
    /// on the machine the server is IPv4 only.
    func start(port wanted: UInt16) throws {
        let cls = Unmanaged.passUnretained(self).toOpaque()
        for attempt in 0..<20 {
            guard let v4 = segue_mhd_start_loopback(0, wanted, studioAccessHandler, cls, Self.connectionLimit, Self.requestMemory, 30) else {
                throw StudioError(wanted == 0 ? "cannot listen on 127.0.0.1" : "cannot listen on 127.0.0.1:\(wanted) (in use?)")
            }
            let bound = segue_mhd_port(v4)
            if let v6 = segue_mhd_start_loopback(1, bound, studioAccessHandler, cls, Self.connectionLimit, Self.requestMemory, 30) {
                daemons = [v4, v6]
            } else if wanted == 0 && attempt < 19 && Self.hasIPv6Loopback {
                MHD_stop_daemon(v4)   // ::1 at that port is taken: another free port
                continue
            } else {
                daemons = [v4]
            }
            port = bound
            return
        }
    }

    /// True when ::1 can be bound at all (a kernel without IPv6 has no such address).
    static var hasIPv6Loopback: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var a = sockaddr_in6()
        a.sin6_family = sa_family_t(AF_INET6)
        a.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } } == 0
    }

    func stop() {
        for d in daemons { MHD_stop_daemon(d) }
        daemons = []
    }

    /// Turns a Response into libmicrohttpd's and queues it.
    fileprivate func queue(_ r: Response, on connection: OpaquePointer) -> MHD_Result {
        let response: OpaquePointer?
        let status: Int
        switch r {
        case .bytes(let s, let type, let body, let headers):
            status = s
            response = body.withUnsafeBytes { segue_mhd_copied_response($0.baseAddress, body.count) }
            guard let response else { return .NO }
            MHD_add_response_header(response, "Content-Type", type)
            for (k, v) in headers { MHD_add_response_header(response, k, v) }
        case .frame(let bytes, let type, let headers):
            status = 200
            let cls = Unmanaged.passRetained(bytes).toOpaque()
            response = MHD_create_response_from_buffer_with_free_callback_cls(bytes.count, bytes.base, studioBytesFree, cls)
            guard let response else { Unmanaged<FrameBytes>.fromOpaque(cls).release(); return .NO }
            MHD_add_response_header(response, "Content-Type", type)
            for (k, v) in headers { MHD_add_response_header(response, k, v) }
        case .stream(let subscriber):
            status = 200
            let cls = Unmanaged.passRetained(subscriber).toOpaque()
            response = MHD_create_response_from_callback(segue_mhd_size_unknown(), 4096, studioStreamReader, cls, studioStreamFree)
            guard let response else { Unmanaged<ChangeFeed.Subscriber>.fromOpaque(cls).release(); return .NO }
            MHD_add_response_header(response, "Content-Type", "text/event-stream; charset=utf-8")
        }
        for (k, v) in Self.commonHeaders { MHD_add_response_header(response, k, v) }
        defer { MHD_destroy_response(response) }
        return MHD_queue_response(connection, UInt32(status), response)
    }

    /// On every answer: nothing cached, no sniffing, the page's own files only, no framing.
    static let commonHeaders = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'"),
        ("Referrer-Policy", "no-referrer"),
    ]
}

/// libmicrohttpd's access handler: a global C function (it runs on the library's connection
/// threads, so it must not be a closure isolated to the main actor). The answer is queued on the
/// first call, when the headers are in: Studio takes no request body, so anything with one is
/// refused before it is read.
private let studioAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, uploadSize, _ in
    guard let cls, let connection else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let host = MHD_lookup_connection_value(connection, .HEADER_KIND, "Host").map { String(cString: $0) }
    let request = Request(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "",
                          host: host, connection: connection)
    if let uploadSize, uploadSize.pointee > 0 { uploadSize.pointee = 0 }
    return server.queue(server.handle(request), on: connection)
}

/// Writes the stream's next message into libmicrohttpd's buffer (blocking this connection's
/// thread until there is one); end of stream once the feed is closed.
private let studioStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return segue_mhd_end_of_stream() }
    let subscriber = Unmanaged<ChangeFeed.Subscriber>.fromOpaque(cls).takeUnretainedValue()
    guard let bytes = subscriber.next(max: max) else { return segue_mhd_end_of_stream() }
    bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    return bytes.count
}

/// Releases a frame's bytes once libmicrohttpd is done sending them.
private let studioBytesFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<FrameBytes>.fromOpaque(cls).release()
}

private let studioStreamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let subscriber = Unmanaged<ChangeFeed.Subscriber>.fromOpaque(cls).takeRetainedValue()
    subscriber.cancel()
}

/// A studio that cannot start: a bad PRESET|DIR (`isUsage`: exit 2) or a server or watcher
/// that could not be set up (exit 1).
public struct StudioError: Error, CustomStringConvertible {
    public var description: String
    public var isUsage = false
    init(_ d: String, usage: Bool = false) { description = d; isUsage = usage }
}
