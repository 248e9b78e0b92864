// The iOS `detail` mock with `"post": N`: the feed's post N opened, as Weibo's post page shows it
// (its "微博正文" page): the author's header as on the card (same avatar, name and age) with a
// Follow button, the whole text (the card cuts it to three lines), the same pictures in the same
// layout and crops, the card's Repost/Comment/Like counts as the tabs over the comments, the
// comments, and the bottom bar of the three actions. The card's nodes are reused, so the pictures
// are the card's pixels and keep the feed's ids (`avatarN`, `photoK`).
import Geometry

extension Mocks {
    /// The number of posts the `feed` mock of `seed` has on a canvas of `size` (`cell0…`), in
    /// `style`: what a `detail` mock's `"post": N` may name.
    public static func feedPostCount(size: Size, seed: Int, style: MockStyle) -> Int {
        countedFeed(size: size, seed: seed, style: style).children.filter { $0.id?.hasPrefix("cell") == true }.count
    }

    /// The `feed` mock of `seed` on a canvas of `size` in `style`, for counting its posts and
    /// photos (palette and title move none of them).
    static func countedFeed(size: Size, seed: Int, style: MockStyle) -> Node {
        if style == .material {
            var m = MaterialBuilder(size: size, dark: false, tint: nil, seed: seed, statusHeight: 48, gestureHeight: 24)
            return m.feed(title: "", items: 6)
        }
        var b = Builder(size: size, dark: false, tint: nil, seed: seed)
        return b.feed(title: "", items: 6)
    }
}

extension Builder {
    /// Post `n` of the feed of `seed` in this builder's size and palette, or nil.
    func feedCard(post n: Int, seed: Int) -> FeedCard? {
        var feed = Builder(size: size, dark: dark, tint: tint, seed: seed)
        return FeedCard.find(in: feed.feed(title: "", items: 6), post: n)
    }

    var nameColor: Color { Color(hex: dark ? "#FF9F0A" : "#F25C05")! }
    var commentLook: CommentLook { CommentLook(name: nameColor, text: label, secondary: secondary, separator: separator, ago: "#m ago") }

    mutating func post(title: String, card: FeedCard) -> Node {
        let w = size.width
        let (bar, y0) = navBar(title, large: false)
        let (post, height) = postBody(card)
        var placed = post
        placed.frame.origin.y = y0
        let tabsY = y0 + height + 8
        let actions = actionBar()
        let kids = [placed, .rect(Rect(0, y0 + height, w, 8), grouped), countTabs(card, y: tabsY)]
            + comments(from: tabsY + 44, until: actions.frame.minY, x: 16, width: w - 32, author: card.author,
                       maxAge: card.minutes, look: commentLook)
        return screenRoot(kids + [actions, bar], bg: cellBackground)
    }

    /// The post itself (header, whole text, pictures) in a group at y 0, and its height.
    func postBody(_ card: FeedCard) -> (Node, Double) {
        let w = size.width
        let (text, shift) = wholeText(card, lineHeight: 22)
        // The pictures sit below the whole text as they sit below the card's three lines.
        let photos = card.photos.map { p -> Node in var q = p; q.frame.origin.y += shift; return q }
        let bottom = (photos.map(\.frame.maxY).max() ?? text.frame.maxY) + 12
        var follow = Node(id: "followButton", kind: .rect, frame: Rect(w - 16 - 64, 20, 64, 28), cornerRadius: 14)
        follow.border = Border(width: 1, color: nameColor)
        follow.children = [self.text("Follow", Rect(0, 4, 64, 20), size: 14, weight: .medium, color: nameColor, align: .center)]
        let body = Node(id: "postBody", kind: .group, frame: Rect(0, 0, w, bottom), fill: .solid(cellBackground),
                        children: [card.avatar, card.name, card.age, follow, text] + photos)
        return (body, bottom)
    }

    /// The card's three counts as the tabs over the comments, Comment selected (underlined).
    func countTabs(_ card: FeedCard, y: Double) -> Node {
        let w = size.width
        var kids: [Node] = []
        for (k, count) in card.counts.enumerated() {
            var tab = count
            tab.frame = Rect(Double(k) * w / 3, 10, w / 3, 24)
            if k == 1, case .text(let s, var style) = tab.kind {
                style.color = label; style.font.weight = .semibold
                tab.kind = .text(s, style)
                kids.append(.rect(Rect(Double(k) * w / 3 + w / 6 - 14, 40, 28, 2.5), nameColor, cornerRadius: 1.25))
            }
            kids.append(tab)
        }
        kids.append(.rect(Rect(0, 44 - 0.33, w, 0.33), separator))
        return Node(id: "counts", kind: .group, frame: Rect(0, y, w, 44), fill: .solid(cellBackground), children: kids)
    }

    /// Weibo's bottom bar: Repost, Comment and Like over the home indicator's band.
    func actionBar() -> Node {
        let w = size.width, h = 49 + bottomHeight
        var kids: [Node] = [.rect(Rect(0, 0, w, 0.33), separator)]
        for (k, name) in ["Repost", "Comment", "Like"].enumerated() {
            kids.append(text(name, Rect(Double(k) * w / 3, 14, w / 3, 21), size: 15, color: label, align: .center))
        }
        return Node(id: "actionBar", kind: .group, frame: Rect(0, size.height - h, w, h), fill: .solid(barBackground), children: kids)
    }
}
