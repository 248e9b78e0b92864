extension PresetDecoder {
    /// A `detail` mock's `photo` (the hero shows the grid's photoN) and `post` (the feed's post N,
    /// opened): each a detail's only, and one at a time — a detail shows a photo or a post.
    static func decodeDetailExtras(_ members: [(key: String, value: JSONNode)], _ path: JSONPath, _ r: FieldReader,
                                   into extras: inout ScreenExtras) {
        let kind = members.first(where: { $0.key == "mock" }).flatMap { if case .string(let s) = $0.value.value { return s } else { return nil } }
        let what = ["photo": "it shows the grid mock's photoN", "post": "it opens the feed mock's post N"]
        for key in ["photo", "post"] {
            guard let v = members.first(where: { $0.key == key })?.value else { continue }
            guard kind == "detail" else {
                r.problem(path.key(key), "\"\(key)\" applies to the detail mock only (\(what[key]!))", v)
                continue
            }
            let n = r.integer(v, path.key(key), 0...199)
            if key == "photo" { extras.photo = n } else { extras.post = n }
        }
        if extras.photo != nil, let v = members.first(where: { $0.key == "post" })?.value {
            r.problem(path.key("post"), "a detail shows a grid's photo or a feed's post, not both (got \"photo\" and \"post\")", v)
            extras.post = nil
        }
    }
}
