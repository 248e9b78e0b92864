import Foundation
import Geometry

/// Sizes of memory as people write them: `2G`, `512M`, `1.5GiB`, `800MB`, or plain bytes
/// (binary units: K = 1024). For `--max-memory` and the preset's `output.maxMemory` (issue 20.6).
public enum MemorySize {
    /// The default limit on a render's estimated peak memory.
    public static let defaultLimit = 2 << 30

    public static func parse(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces).uppercased()
        let g = 1_073_741_824.0, m = 1_048_576.0, k = 1024.0
        let units: [(String, Double)] = [("GIB", g), ("GB", g), ("G", g), ("MIB", m), ("MB", m), ("M", m), ("KIB", k), ("KB", k), ("K", k), ("B", 1)]
        var number = t, factor = 1.0
        if let u = units.first(where: { t.hasSuffix($0.0) }) { number = String(t.dropLast(u.0.count)); factor = u.1 }
        guard let v = Double(number.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v * factor <= 1e15 else { return nil }
        return Int(saturating: v * factor)
    }

    /// `2.0 GiB`, `340 MiB`.
    public static func format(_ bytes: Int) -> String {
        bytes >= 1 << 30 ? String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) : "\(max(1, (bytes + (1 << 19)) >> 20)) MiB"
    }
}
