// Built-in demos (`segue list demos`, `segue render --demo NAME`). They are ordinary preset
// text, decoded and resolved like a file, so the demo exercises the same path as a user's preset.

public struct Demo: Sendable {
    public var name: String
    public var summary: String
    public var json: String
}

public enum Demos {
    public static let all: [Demo] = [
        Demo(name: "segue-demo", summary: "a list screen pushes a detail screen (uikit), holds, and pops back", json: listDetailJSON),
    ]

    public static let defaultDemo = all[0]

    /// A list of rows with coloured thumbnails and a detail screen with a gradient hero, drawn
    /// from plain layers so the demo needs no assets.
    static var listDetailJSON: String {
        let tints = ["#FF9500", "#34C759", "#007AFF", "#AF52DE", "#FF2D55", "#5AC8FA", "#FFCC00", "#5856D6", "#FF3B30", "#30B0C7"]
        var rows: [String] = []
        for i in 0..<10 {
            let y = 150 + i * 68
            let width1 = 150 + (i * 37) % 120, width2 = 90 + (i * 53) % 140
            rows.append("""
                { "type": "rect", "id": "thumb\(i)", "frame": [16, \(y + 10), 48, 48], "fill": "\(tints[i])", "cornerRadius": 10 },
                { "type": "rect", "frame": [78, \(y + 16), \(width1), 14], "fill": "#1C1C1E", "cornerRadius": 4 },
                { "type": "rect", "frame": [78, \(y + 38), \(width2), 11], "fill": "#AEAEB2", "cornerRadius": 4 },
                { "type": "rect", "frame": [78, \(y + 67), 312, 0.5], "fill": "#C6C6C8" }
            """)
        }
        var lines: [String] = []
        for i in 0..<7 {
            let w = i == 6 ? 180 : 358 - (i * 29) % 60
            lines.append("{ \"type\": \"rect\", \"frame\": [16, \(460 + i * 26), \(w), 12], \"fill\": \"#8E8E93\", \"cornerRadius\": 4 }")
        }
        return """
        {
          "segue": 1,
          "name": "segue-demo",
          "device": "iphone-13",
          "fps": 60,
          "background": "#000000",
          "screens": {
            "list": { "background": "#FFFFFF", "layers": [
              { "type": "rect", "frame": [0, 0, 390, 140], "fill": "#F9F9F9" },
              { "type": "rect", "frame": [16, 98, 150, 28], "fill": "#000000", "cornerRadius": 6 },
              { "type": "rect", "frame": [0, 140, 390, 0.5], "fill": "#C6C6C8" },
              \(rows.joined(separator: ",\n"))
            ] },
            "detail": { "background": "#F2F2F7", "layers": [
              { "type": "rect", "id": "hero", "frame": [0, 0, 390, 400],
                "fill": { "linear": { "from": [0, 0], "to": [1, 1], "stops": [[0, "#FF9500"], [1, "#FF2D55"]] } } },
              { "type": "ellipse", "frame": [150, 140, 90, 90], "fill": "#FFFFFF66" },
              { "type": "rect", "frame": [16, 420, 220, 22], "fill": "#000000", "cornerRadius": 5 },
              \(lines.joined(separator: ",\n"))
            ] }
          },
          "start": "list",
          "timeline": [
            { "hold": 0.5 },
            { "push": "detail", "transition": "uikit" },
            { "hold": 0.8 },
            { "pop": true, "transition": "uikit" },
            { "hold": 0.5 }
          ]
        }
        """
    }
}
