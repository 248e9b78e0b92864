// The Material `detail` mock opened from the Material feed: `"post": N` shows post N as a
// Material app shows an opened post (the card's author row, its whole text, the same pictures in
// the same places, its Share/Comment/Like, then the comments); `"photo": N` keeps the article's
// hero frame (container transform and navigation zoom land on it) with the photo of the post that
// holds photoN, and under it that post's author, a caption, the counts and the comments. The
// card's nodes are reused: same pixels, same ids (`avatarN`, `photoK`).
import Geometry

extension MaterialBuilder {
    /// The hero's frame below a top app bar ending at `y0`: 16 dp insets, 4:3, 8 dp below the bar.
    func heroFrame(below y0: Double) -> Rect { Rect(16, y0 + 8, size.width - 32, (size.width - 32) * 0.75) }

    /// The Material feed's (same seed) post `post`, or the one holding `photoN`.
    func feedCard(post: Int?, photo: Int?, seed: Int) -> FeedCard? {
        var feed = MaterialBuilder(size: size, dark: dark, tint: b.tint, seed: seed, statusHeight: statusHeight, gestureHeight: gestureHeight)
        return FeedCard.find(in: feed.feed(title: "", items: 6), post: post, photo: photo)
    }

    var commentLook: CommentLook { CommentLook(name: onSurface, text: onSurface, secondary: onVariant, separator: outline, ago: "# min ago") }

    mutating func post(title: String, card: FeedCard) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: false)
        let (text, shift) = b.wholeText(card, lineHeight: 20)
        // Pictures and counts sit below the whole text as they sit below the card's three lines;
        // without the card's container the post's 16 dp padding is the screen's inset.
        let below = (card.photos + card.counts).map { p -> Node in var q = p; q.frame.origin.y += shift; return q }
        let height = (below.map(\.frame.maxY).max() ?? text.frame.maxY) + 16
        let body = Node(id: "postBody", kind: .group, frame: Rect(0, y0, w - 32, height),
                        children: [card.avatar, card.name, card.age, text] + below)
        let rule = Node.rect(Rect(0, y0 + height, w, 1), outline)
        let comments = b.comments(from: y0 + height + 4, until: size.height - gestureHeight, x: 16, width: w - 32,
                                  author: card.author, maxAge: card.minutes, look: commentLook)
        return root([body, rule] + comments, bar: bar, bg: surface)
    }

    mutating func photoPage(title: String, card: FeedCard, picture: Node) -> Node {
        let (bar, y0) = topAppBar(title, large: false)
        var hero = Builder.aspectFilled(picture, into: heroFrame(below: y0), id: Mocks.heroID)
        hero.cornerRadius = 28
        let author = PhotoAuthor(card: card)
        b.bottomHeight = gestureHeight
        let info = b.photoInfo(author, y: hero.frame.maxY + 4, x: 16, captionSize: 16, look: commentLook)
        return root([hero] + info, bar: bar, bg: surface)
    }
}
