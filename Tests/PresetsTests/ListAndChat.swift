import Foundation
import Presets
import Scene

/// A story of a `list` mock pushing `message` (a screen's JSON), resolved: the conversation tests'
/// shared fixture (ConversationPersonTests, ConversationRowTests).
func resolveListAndChat(device: String, listSeed: Int, message: String, locale: String? = nil) throws -> Storyboard {
    let lang = locale.map { #""locale": "\#($0)", "# } ?? ""
    let text = #"{ "segue": 1, "device": "\#(device)", \#(lang)"screens": { "list": { "mock": "list", "seed": \#(listSeed) }, "# +
        #""chat": \#(message) }, "start": "list", "timeline": [ { "push": "chat" }, { "pop": true } ] }"#
    let p = try PresetDecoder.decode(text: text, file: "x.json", defaultName: "x")
    return try Resolver(file: "x.json", images: folderImages(NSTemporaryDirectory())).resolve(p)
}

/// Every text a node tree shows, in tree order.
func shownTexts(_ node: Node) -> [String] {
    var out: [String] = []
    if case .text(let s, _) = node.kind { out.append(s) }
    for child in node.children { out += shownTexts(child) }
    return out
}
