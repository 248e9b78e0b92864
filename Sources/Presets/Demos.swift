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

    /// The demo story: a Messages-like list opens a conversation the UIKit way, holds, and pops
    /// back. Built-in mock screens, so it needs no assets. presets/stories/segue-demo.json is this
    /// text (a test keeps them equal).
    public static let listDetailJSON = """
    {
      "segue": 1,
      "name": "segue-demo",
      "device": "iphone-13",
      "fps": 60,
      "background": "#000000",
      "screens": {
        "list": { "mock": "list", "title": "Messages", "seed": 1 },
        "detail": { "mock": "message", "seed": 2 }
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
