// The `message` mock: one conversation, as Messages (iOS) and Google Messages (Material) show
// it — the other person's name as the title, a day-and-time header, their bubbles on the leading
// side in grey, yours on the trailing side in the tint, and the message field at the bottom.
// Element ids: `bubble0…` (oldest first), `messageField`.
import Geometry

/// How one platform draws a bubble.
struct BubbleLook {
    var incoming: Color, incomingText: Color
    var outgoing: Color, outgoingText: Color
    var size: Double, lineHeight: Double, radius: Double
}

extension Builder {
    mutating func conversation(title: String?, items: Int) -> Node {
        let name = person()
        let (bar, y0) = navBar(title ?? name, large: false)
        let look = BubbleLook(incoming: Color(hex: dark ? "#26252A" : "#E9E9EB")!, incomingText: label,
                              outgoing: tint, outgoingText: .white, size: 17, lineHeight: 22, radius: 18)
        let bottom = size.height - bottomHeight - 8 - 36 - 8
        let header = text("Today 9:\(20 + rng.int(15))", Rect(0, y0 + 12, size.width, 16), size: 12, weight: .medium,
                          color: secondary, align: .center)
        let kids = [header] + bubbles(from: y0 + 36, until: bottom, count: items, look: look)
        return screenRoot(kids + [messageField(placeholder: "iMessage"), bar], bg: background)
    }

    /// Up to `count` bubbles of a few words each from `y` down, stopping above `bottom`; who
    /// wrote each is drawn from the generator. Scene cannot measure text, so a bubble is sized
    /// from the text it will show (in the screen's language), generously: a Latin or Arabic
    /// letter at most 0.56 of the type size, a CJK character a full em, 15 % more for the lines'
    /// ragged ends.
    mutating func bubbles(from y0: Double, until bottom: Double, count: Int, look: BubbleLook) -> [Node] {
        let w = size.width, maxWidth = (w * 0.72).rounded()
        var out: [Node] = [], y = y0, previousMine: Bool?
        for i in 0..<count {
            let mine = rng.int(2) == 0, words = sentence(2 + rng.int(9))
            let ink = inkWidth(words, size: look.size)
            let lines = estimatedLines(words, size: look.size, width: maxWidth - 24, limit: 4)
            let width = lines > 1 ? maxWidth : min(maxWidth, ink + 24 + look.size * 0.5)
            let height = Double(lines) * look.lineHeight + 14
            // Bubbles from one sender sit close together; a change of sender leaves a wider gap.
            y += previousMine == nil ? 0 : previousMine == mine ? 2 : 10
            guard y + height <= bottom else { break }
            let x = mine ? w - 16 - width : 16
            var bubble = Node(id: "bubble\(i)", kind: .rect, frame: Rect(x, y, width, height),
                              fill: .solid(mine ? look.outgoing : look.incoming), cornerRadius: look.radius)
            bubble.children = [text(words, Rect(12, 7, width - 24, Double(lines) * look.lineHeight), size: look.size,
                                    color: mine ? look.outgoingText : look.incomingText, lines: lines)]
            out.append(bubble)
            y += height
            previousMine = mine
        }
        return out
    }
}

extension MaterialBuilder {
    mutating func conversation(title: String?, items: Int) -> Node {
        let name = b.person()
        let (bar, y0) = topAppBar(title ?? name, large: false)
        let look = BubbleLook(incoming: containerHigh, incomingText: onSurface, outgoing: primaryContainer,
                              outgoingText: Color(hex: dark ? "#EADDFF" : "#21005D")!, size: 16, lineHeight: 22, radius: 20)
        let fieldY = size.height - gestureHeight - 8 - 48
        let header = text("Today · 9:\(20 + b.rng.int(15))", Rect(0, y0 + 12, size.width, 16), size: 12, weight: .medium,
                          color: onVariant, align: .center)
        return root([header] + b.bubbles(from: y0 + 36, until: fieldY - 8, count: items, look: look) + [messageField()], bar: bar, bg: surface)
    }

    /// Google Messages' entry field above the gesture handle: a 48 dp pill with its placeholder.
    func messageField() -> Node {
        let w = size.width, y = size.height - gestureHeight - 8 - 48
        var field = Node(id: "messageField", kind: .rect, frame: Rect(16, y, w - 32, 48), fill: .solid(containerHigh), cornerRadius: 24)
        field.children = [text("Text message", Rect(20, 13, w - 96, 22), size: 16, color: onVariant)]
        return field
    }
}
