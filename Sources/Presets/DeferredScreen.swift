import Scene

/// A screen that names image files, built when a frame first shows it (issue 20.5): a story
/// that shows 30 screenshots one after another holds the decoded screens it is showing, not 30.
/// The storyboard keeps its outline (`Storyboard.screens`: the same tree with placeholder images)
/// for what resolving and planning need — ids, frames, corner radii — and this to draw it.
public struct DeferredScreen: Sendable {
    let id: String
    let spec: ScreenSpec
    let elements: [ElementSpec]
    let builder: ScreenBuilder

    /// The screen with its images decoded: the tree the outline stands for. Problems only when
    /// an image that checked out while resolving no longer decodes (cut short, changed since).
    public func build() throws(PresetError) -> Node {
        var problems: [Problem] = []
        let node = builder.drawing.build(id, spec, elements: elements, tally: nil) { path, message in
            problems.append(Problem(file: builder.file, path: path, message: message))
        }
        guard let node, problems.isEmpty else {
            throw PresetError(problems.isEmpty ? [Problem(file: builder.file, path: JSONPath().key("screens").key(id).text, message: "the screen could not be built")] : problems)
        }
        return node
    }
}

extension Storyboard {
    /// Screen `id` ready to draw: built now if it names images (a new tree each call: callers
    /// keep it as long as they draw it), else the resolved tree. Nil for an unknown id.
    public func screen(_ id: String) throws(PresetError) -> Node? {
        if let d = deferred[id] { let node = try d.build(); return screenDecoration?(id, node) ?? node }
        return screens[id]
    }
}
