import Foundation
import XCTest

/// Fresh folders under the suite's temporary directory (scripts/test points TMPDIR at a folder of
/// its own and names whatever is left there after the run).
public enum TemporaryFolder {
    /// A new, empty folder whose name carries `label`, the process id and a random part, so
    /// parallel runs and repeated tests never share one.
    public static func make(_ label: String) throws -> String {
        let safe = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(40))
        let path = NSTemporaryDirectory() + "segue-\(safe)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension XCTestCase {
    /// A fresh folder removed when the test ends (pass or fail).
    public func temporaryFolder(_ label: String) throws -> String {
        let path = try TemporaryFolder.make(label)
        addTeardownBlock { TemporaryFolder.remove(path) }
        return path
    }
}
