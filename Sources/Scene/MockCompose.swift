// The `compose` mock: a new message being written, as Messages' "New Message" sheet shows it — an
// inline title with Cancel leading (iOS puts a modal's cancellation action there: SwiftUI
// `ToolbarItemPlacement.cancellationAction`), a "To:" field with the add-contact button, and the
// message field at the bottom. Material: a full-screen compose with a close icon, "To" and the
// message field (Google Messages' "New conversation"). The recipient is chosen (a person of the
// mocks' cast, from the seed). Element ids: `toField`, `recipient`, `messageField`.
import Geometry

extension Builder {
    mutating func compose(title: String) -> Node {
        let w = size.width
        topLevel = true  // a compose screen is presented: it never has a back button
        let (bar, y0) = navBar(title, large: false, items: .compose)
        var to = Node(id: "toField", kind: .group, frame: Rect(0, y0, w, 44), fill: .solid(background))
        // The recipient already chosen, in the tint as Messages shows a resolved contact.
        to.children = [text("To:", Rect(16, 11, 46, 22), size: 17, color: secondary),
                       text(person(), Rect(64, 11, w - 120, 22), size: 17, color: tint, id: "recipient"),
                       addContact(Rect(w - 44, 8, 28, 28)),
                       .rect(Rect(16, 44 - 0.33, w - 16, 0.33), separator)]
        return screenRoot([to, messageField(placeholder: "iMessage"), bar], bg: background)
    }

    /// Messages' ⊕: a tinted ring with a plus.
    func addContact(_ frame: Rect) -> Node {
        var ring = Node(kind: .ellipse, frame: Rect(2, 2, frame.width - 4, frame.height - 4))
        ring.border = Border(width: 1.5, color: tint)
        let c = frame.width / 2
        return Node(kind: .group, frame: frame, children: [ring, .rect(Rect(c - 0.75, c - 6, 1.5, 12), tint, cornerRadius: 0.75),
                                                          .rect(Rect(c - 6, c - 0.75, 12, 1.5), tint, cornerRadius: 0.75)])
    }

    /// Messages' entry row above the home indicator: the apps "+" and a capsule field with its
    /// placeholder.
    func messageField(placeholder: String) -> Node {
        let w = size.width, y = size.height - bottomHeight - 8 - 36
        let fieldFill = dark ? Color(hex: "#1C1C1E")! : Color.white
        var plus = Node(kind: .ellipse, frame: Rect(16, 2, 32, 32), fill: .solid(Color(hex: "#767680")!.withAlpha(dark ? 0.24 : 0.12)))
        plus.children = [.rect(Rect(15.1, 9, 1.8, 14), secondary, cornerRadius: 0.9), .rect(Rect(9, 15.1, 14, 1.8), secondary, cornerRadius: 0.9)]
        var field = Node(kind: .rect, frame: Rect(56, 0, w - 72, 36), fill: .solid(fieldFill), cornerRadius: 18)
        field.border = Border(width: 1, color: separator)
        field.children = [text(placeholder, Rect(14, 7, w - 120, 22), size: 17, color: secondary.withAlpha(secondary.a * 0.7))]
        return Node(id: "messageField", kind: .group, frame: Rect(0, y, w, 36), children: [plus, field])
    }
}

extension MaterialBuilder {
    mutating func compose(title: String) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: false, closes: true)
        var to = Node(id: "toField", kind: .group, frame: Rect(0, y0, w, 56), fill: .solid(surface))
        // The recipient already chosen: a chip with their name.
        var chip = Node(id: "recipient", kind: .rect, frame: Rect(56, 12, 150, 32), fill: .solid(primaryContainer), cornerRadius: 8)
        chip.children = [text(b.person(), Rect(12, 6, 126, 20), size: 14, weight: .medium, color: onSurface)]
        to.children = [text("To", Rect(16, 17, 36, 22), size: 16, color: onVariant), chip,
                       .rect(Rect(0, 56 - 1, w, 1), outline)]
        return root([to, messageField()], bar: bar, bg: surface)
    }
}
