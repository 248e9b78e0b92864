import Foundation
import XCTest
import SegueTestSupport

/// A running `segue studio` for the tests: started with a folder, its address read from its
/// first line of stdout, stopped with SIGINT (and its exit status kept).
final class StudioServer {
    let process = Process()
    let port: Int
    private var stderr: Output!

    init(_ args: [String], in dir: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["studio"] + args
        if let dir { process.currentDirectoryURL = URL(fileURLWithPath: dir) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        stderr = Output.collecting(err.fileHandleForReading)
        // The address is the first line (blocking read: the server prints it once it listens).
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text.append(chunk)
        }
        let line1 = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line1.hasPrefix("http://127.0.0.1:"), line1.hasSuffix("/"), let p = Int(line1.dropFirst(17).dropLast()) else {
            process.terminate()
            throw NSError(domain: "studio", code: 1, userInfo: [NSLocalizedDescriptionKey: "no address printed: \(line1)"])
        }
        port = p
    }

    var url: String { "http://127.0.0.1:\(port)/" }

    /// Ctrl-C: the exit status and stderr.
    func interrupt() -> (status: Int32, stderr: String) {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let text = stderr.waitForEnd()
        return (process.terminationStatus, text)
    }

    deinit { if process.isRunning { process.terminate(); process.waitUntilExit() } }
}

/// Raw HTTP/1.1 over a socket, so a test can send any Host, method or path (URLSession would
/// set Host itself and normalise the path).
enum RawHTTP {
    struct Reply { var status: Int; var headers: String; var body: Data }

    /// Opens a connection to 127.0.0.1 (or ::1) at `port` and sends `request` whole.
    static func connect(port: Int, ipv6: Bool = false) throws -> Int32 {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw NSError(domain: "socket", code: Int(errno)) }
        var ok: Int32
        if ipv6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6); a.sin6_port = in_port_t(UInt16(port).bigEndian); a.sin6_addr = in6addr_loopback
            ok = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET); a.sin_port = in_port_t(UInt16(port).bigEndian); a.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            ok = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard ok == 0 else { close(fd); throw NSError(domain: "connect", code: Int(errno)) }
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            off += n
        }
    }

    /// Reads until the server closes the connection (requests say Connection: close).
    static func receive(_ fd: Int32) -> Reply {
        var data = Data()
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            data.append(buf, count: n)
        }
        close(fd)
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return Reply(status: 0, headers: String(decoding: data, as: UTF8.self), body: Data()) }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var body = Data(data[split.upperBound...])
        if head.lowercased().contains("transfer-encoding: chunked") { body = dechunk(body) }
        return Reply(status: status, headers: head, body: body)
    }

    static func dechunk(_ d: Data) -> Data {
        var out = Data(), i = d.startIndex
        while let eol = d[i...].range(of: Data("\r\n".utf8)), let size = Int(String(decoding: d[i..<eol.lowerBound], as: UTF8.self), radix: 16), size > 0 {
            out.append(d[eol.upperBound..<eol.upperBound + size])
            i = eol.upperBound + size + 2
        }
        return out
    }

    static func get(port: Int, _ path: String, host: String? = nil, method: String = "GET", ipv6: Bool = false) throws -> Reply {
        let fd = try connect(port: port, ipv6: ipv6)
        send(fd, "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
        return receive(fd)
    }
}
