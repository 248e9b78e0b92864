// The `detail` mock with `"photo": N`: a photo opened (from a Photos-like grid on iOS; on
// Material, from the feed's post that holds it). The hero stays exactly where the article's hero
// is (navigation-zoom, magic-move and shrink-dismiss land on its frame); below it is the photo's
// page as photo-sharing apps show one — who posted it (avatar, name, when), a one-line caption,
// the likes and comments counts, then the comments — not an article (no byline "N min read", no
// "Continue" button).
import Geometry

/// Who posted a photo: their name, and their avatar, text and counts when a feed card already
/// drew them (nil: the page draws its own).
struct PhotoAuthor {
    var name: String
    var avatar: Node?
    /// How many minutes ago it was posted.
    var minutes: Int
    var caption: String?
    /// "Like N" and "Comment N" as the card shows them.
    var likes: String?, comments: String?

    init(name: String, minutes: Int) { self.name = name; self.minutes = minutes }

    /// The author of a feed card's post, with the card's avatar, text and counts.
    init(card: FeedCard) {
        self.init(name: card.author ?? "", minutes: card.minutes)
        avatar = card.avatar
        caption = card.body
        let counts = card.counts.compactMap { $0.kind.shownText }
        likes = counts.first { $0.hasPrefix("Like ") }
        comments = counts.first { $0.hasPrefix("Comment ") }
    }
}

extension Builder {
    /// The frame of a `detail` mock's hero below a navigation bar ending at `y0`.
    func heroFrame(below y0: Double) -> Rect { Rect(0, y0, size.width, size.width * 0.75) }

    mutating func photoPage(title: String, picture: Node) -> Node {
        let (bar, y0) = navBar(title, large: false)
        let hero = Builder.aspectFilled(picture, into: heroFrame(below: y0), id: Mocks.heroID)
        let author = PhotoAuthor(name: person(), minutes: 5 + rng.int(50))
        let info = photoInfo(author, y: hero.frame.maxY, x: 16, captionSize: 17, look: commentLook)
        return screenRoot([hero] + info + [bar], bg: background)
    }

    /// What a photo page shows under the photo, from `y` down to the home indicator's band: the
    /// author row, the caption, the counts, a rule, and the comments (ages up to the photo's).
    mutating func photoInfo(_ author: PhotoAuthor, y: Double, x: Double, captionSize: Double, look: CommentLook) -> [Node] {
        let w = size.width - 2 * x
        var avatarNode = author.avatar ?? avatar(Rect(0, 0, 36, 36), name: author.name)
        avatarNode.frame.origin = Point(x, 14)
        let side = avatarNode.frame.width, ax = x + side + 10, rowHeight = 14 + max(side, 37)
        let when = "Today " + Clock.text(now - author.minutes)
        // The avatar beside the name in one group, so a translated name re-letters its avatar.
        let header = Node(id: "author", kind: .group, frame: Rect(0, y, size.width, rowHeight), children: [
            avatarNode, text(author.name, Rect(ax, 14, w - side - 10, 20), size: 15, weight: .semibold, color: look.text),
            text(when, Rect(ax, 34, w - side - 10, 17), size: 13, color: look.secondary)])
        // The whole caption: a feed post's text runs to several lines, and the page opened to read
        // it must not cut what its card showed. What follows moves down by the added lines.
        let caption = author.caption ?? sentence(3 + rng.int(4))
        // Roboto's and SF's text averages about half an em a letter (0.52 with its spaces);
        // wrappedLines' default 0.6 would leave two empty lines under a long post.
        let lines = min(8, wrappedLines(caption, size: captionSize, width: w, perLetter: 0.52))
        let added = Double(lines - 1) * (captionSize * 1.25).rounded()
        let captionY = y + rowHeight + 10, countsY = captionY + captionSize + 13 + added
        let kids = [header,
                    text(caption, Rect(x, captionY, w, captionSize + 5 + added), size: captionSize, color: look.text, lines: lines,
                         id: "caption"),
                    text(author.likes ?? "Like \(rng.int(2000))", Rect(x, countsY, w / 2, 20), size: 15, color: look.secondary),
                    text(author.comments ?? "Comment \(rng.int(300))", Rect(x + w / 2, countsY, w / 2, 20), size: 15, color: look.secondary),
                    .rect(Rect(x, countsY + 30, w, 0.33), look.separator)]
        return kids + comments(from: countsY + 31, until: size.height - bottomHeight, x: x, width: w,
                               author: author.name, maxAge: author.minutes, look: look)
    }

    /// A card's text shown whole (as many lines as it takes at `lineHeight`), and how much lower
    /// than on the card what follows it sits.
    func wholeText(_ card: FeedCard, lineHeight: Double) -> (text: Node, shift: Double) {
        var text = card.text
        if case .text(let s, var style) = text.kind {
            style.lines = min(12, wrappedLines(s, size: style.font.size, width: text.frame.width))
            style.topAligned = true
            text.kind = .text(s, style)
            text.frame.size.height = Double(style.lines) * lineHeight
        }
        return (text, text.frame.maxY - card.text.frame.maxY)
    }
}
