// The comments under an opened post or photo (the `detail` mock with `post` or `photo`), as
// Weibo's and Instagram's post pages list them under the counts: other people (each once, never
// the post's author), newest first — avatar, name, the comment, its age and its likes.
// Element ids: `comment0…`, their avatars `avatarComment0…` (ids the feed never uses, so nothing
// matches them by mistake; the `avatar` prefix lets a translated name re-letter its avatar).
import Geometry

/// How one platform draws a comment.
struct CommentLook {
    var name: Color, text: Color, secondary: Color, separator: Color
    /// The age line with "#" for the minutes ("#m ago" on the iOS feed, "# min ago" on Material).
    var ago: String
}

extension Builder {
    /// Comments from `y0` down to `bottom`, in a column from `x` of `width`; the last one may run
    /// on under what is below `bottom` (a bar, the home indicator), as a scrolled list does. Ages
    /// never decrease down the list and none is older than the post (`maxAge` minutes).
    mutating func comments(from y0: Double, until bottom: Double, x: Double, width: Double, author: String?, maxAge: Int,
                           look: CommentLook) -> [Node] {
        if let author { unnamed.removeAll { $0 == author } }
        var out: [Node] = [], y = y0, age = 0
        for i in 0..<12 {
            let name = person()
            let (words, lines) = sentenceOfKnownLines(size: 15, width: width - 46)
            let h = 12 + 20 + Double(lines) * 20 + 4 + 16 + 12
            age = min(max(1, maxAge), max(1, age + rng.int(3)))
            let likes = rng.int(200)
            guard y + 40 <= bottom else { break }
            var row = Node(id: "comment\(i)", kind: .group, frame: Rect(x, y, width, h))
            let meta = 36 + Double(lines) * 20
            row.children = [avatar(Rect(0, 12, 34, 34), name: name, id: "avatarComment\(i)"),
                            text(name, Rect(46, 12, width - 46, 20), size: 14, weight: .semibold, color: look.name),
                            topAligned(text(words, Rect(46, 32, width - 46, Double(lines) * 20), size: 15, color: look.text, lines: lines)),
                            text(look.ago.replacingFirst("#", with: "\(age)"), Rect(46, meta, 140, 16), size: 12, color: look.secondary),
                            text("Like \(likes)", Rect(width - 140, meta, 140, 16), size: 12, color: look.secondary, align: .right),
                            .rect(Rect(46, h - 0.33, width - 46, 0.33), look.separator)]
            out.append(row)
            y += h
        }
        return out
    }

    /// A comment of a few words whose number of lines the estimates agree on (at most 3), so its
    /// box holds exactly its lines: the age under it follows the text without a gap. Up to six
    /// draws; then the generous estimate.
    mutating func sentenceOfKnownLines(size: Double, width: Double) -> (String, Int) {
        var words = ""
        for _ in 0..<6 {
            words = sentence(3 + rng.int(9))
            let most = estimatedLines(words, size: size, width: width, limit: 3)
            if most == max(1, Int((inkWidth(words, size: size, perLetter: 0.4) / width).rounded(.up))) { return (words, most) }
        }
        return (words, estimatedLines(words, size: size, width: width, limit: 3))
    }

    /// The lines `s` takes at `size` in `width` in the screen's language (Scene cannot measure
    /// text): a Latin or Arabic letter at most 0.56 of the type size, a CJK character a full em,
    /// 15 % more for the lines' ragged ends; at least one, at most `limit`.
    func estimatedLines(_ s: String, size: Double, width: Double, limit: Int) -> Int {
        min(limit, max(1, Int((inkWidth(s, size: size) * 1.15 / width).rounded(.up))))
    }

    /// The width `s` would take on one line: generously by default (see `estimatedLines`); with
    /// `perLetter` 0.4, at least what it takes (no Latin or Arabic letter with its share of the
    /// spaces is narrower on average).
    func inkWidth(_ s: String, size: Double, perLetter: Double = 0.56) -> Double {
        MockLocale.shown(s, in: locale).unicodeScalars.reduce(0.0) { $0 + size * ($1.value >= 0x2E80 ? 1 : perLetter) }
    }

    /// `node` (a text) laid out from the top of its box.
    func topAligned(_ node: Node) -> Node {
        var n = node
        if case .text(let s, var style) = n.kind { style.topAligned = true; n.kind = .text(s, style) }
        return n
    }
}
