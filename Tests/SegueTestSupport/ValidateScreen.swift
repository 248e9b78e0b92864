import Foundation
import XCTest

extension XCTestCase {
    /// `segue validate` of a preset whose one screen `a` is `screen` (JSON text) on `device`,
    /// written as `p.json` in a fresh folder, the screen on line 2: its exit status and stderr
    /// (declaration tests check the file:line:column, JSON path and message of a refusal).
    public func validateScreen(_ screen: String, device: String, label: String) throws -> (status: Int32, stderr: String) {
        let dir = try temporaryFolder(label)
        try CLI.write("""
            { "segue": 1, "name": "t", "device": "\(device)",
              "screens": { "a": \(screen) },
              "start": "a", "timeline": [ { "hold": 0.1 } ] }
            """, dir + "/p.json")
        let r = try CLI.run(["validate", dir + "/p.json"], in: dir)
        return (r.status, r.stderr)
    }
}
