// One post of a `feed` mock as the feed drew it, so the `detail` mock that opens it (`"post": N`,
// or Material's `"photo": N`) shows the card's own author, text, pictures and counts: the same
// nodes, hence the same pixels and element ids (`avatarN`, `photoK`) the feed has.
import Geometry

struct FeedCard {
    /// The author's avatar, name and age line, in card coordinates.
    var avatar: Node, name: Node, age: Node
    /// The post's text node (the card cuts it to 3 lines; the post page shows it whole).
    var text: Node
    /// The pictures in the card's layout (card coordinates; ids `photoK` as in the feed).
    var photos: [Node]
    /// The Repost/Comment/Like (Material: Share/Comment/Like) labels under the pictures.
    var counts: [Node]

    /// A card's parts by their order, which both feed builders keep: avatar, name, age, text, the
    /// photos, then (after an iOS separator) the count labels. Nil for any other shape.
    init?(_ card: Node) {
        let kids = card.children
        guard kids.count > 4, kids[0].id?.hasPrefix("avatar") == true,
              let last = kids.lastIndex(where: { $0.id?.hasPrefix("photo") == true }) else { return nil }
        avatar = kids[0]; name = kids[1]; age = kids[2]; text = kids[3]
        photos = kids.filter { $0.id?.hasPrefix("photo") == true }
        counts = kids[(last + 1)...].filter { $0.kind.shownText != nil }
        guard author != nil, counts.count == 3 else { return nil }
    }

    var author: String? { name.kind.shownText }
    var body: String { text.kind.shownText ?? "" }

    /// How many minutes ago the post was written: the number its age line starts with.
    var minutes: Int { Int(age.kind.shownText?.prefix { $0.isNumber } ?? "") ?? 1 }

    /// The card of a built feed that holds post `n` (`cellN`) or, with `photo`, `photoN`.
    static func find(in feed: Node, post: Int? = nil, photo: Int? = nil) -> FeedCard? {
        for card in feed.children where card.id?.hasPrefix("cell") == true {
            if let post, card.id == "cell\(post)" { return FeedCard(card) }
            if let photo, card.find(id: "photo\(photo)") != nil { return FeedCard(card) }
        }
        return nil
    }
}

extension Node.Kind {
    /// The string of a text node.
    var shownText: String? { if case .text(let s, _) = self { return s } else { return nil } }
}
