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
    /// The family the text is drawn in (nil: the iOS mocks' Inter; Material's texts are set in
    /// Roboto after they are built), which measuring must use too.
    var family: String? = nil
}

extension Builder {
    /// With `row` (the list row it was opened from): titled with the row's person, ending with
    /// the message the row previews, under a header no later than the row's time.
    mutating func conversation(title: String?, items: Int, row: ListRow? = nil) -> Node {
        let name = person()
        let (bar, y0) = navBar(title ?? name, large: false)
        let look = BubbleLook(incoming: Color(hex: dark ? "#26252A" : "#E9E9EB")!, incomingText: label,
                              outgoing: tint, outgoingText: .white, size: 17, lineHeight: 22, radius: 18)
        let bottom = size.height - bottomHeight - 8 - 36 - 8
        let header = text("Today " + headerTime(row), Rect(0, y0 + 12, size.width, 16), size: 12, weight: .medium,
                          color: secondary, align: .center)
        let kids = [header] + bubbles(from: y0 + 36, until: bottom, count: items, look: look, last: row?.preview)
        return screenRoot(kids + [messageField(placeholder: "iMessage"), bar], bg: background)
    }

    /// The day header's time: the conversation's first shown message. Opened from a row, 0–14
    /// minutes before the row's last message; otherwise 9:20–9:34 (one draw either way, so the
    /// bubbles after it are the seed's own).
    mutating func headerTime(_ row: ListRow?) -> String {
        let k = rng.int(15)
        return Clock.text(row.map { max(0, $0.minutes - k) } ?? 9 * 60 + 20 + k)
    }

    /// Up to `count` bubbles of a few words each from `y` down, stopping above `bottom`; who
    /// wrote each is drawn from the generator. With `last`, the last bubble shown says it (a row's
    /// preview), fewer bubbles shown if it needs more room.
    mutating func bubbles(from y0: Double, until bottom: Double, count: Int, look: BubbleLook, last: String? = nil) -> [Node] {
        var drawn: [(mine: Bool, words: String)] = []
        for _ in 0..<count { drawn.append((rng.int(2) == 0, sentence(2 + rng.int(9)))) }
        var shown = placed(drawn, from: y0, until: bottom, look: look)
        guard let last else { return shown }
        for k in stride(from: shown.count, through: 1, by: -1) {
            var ending = Array(drawn.prefix(k))
            ending[k - 1].words = last
            shown = placed(ending, from: y0, until: bottom, look: look)
            if shown.count == k { return shown }
        }
        return shown
    }

    /// The bubbles laid out from `y0` down, in order, until one does not fit above `bottom`.
    func placed(_ drawn: [(mine: Bool, words: String)], from y0: Double, until bottom: Double, look: BubbleLook) -> [Node] {
        var out: [Node] = [], y = y0, previousMine: Bool?
        for (i, (mine, words)) in drawn.enumerated() {
            let (lines, width) = bubbleSize(words, look: look)
            let height = Double(lines) * look.lineHeight + 14
            // Bubbles from one sender sit close together; a change of sender leaves a wider gap.
            y += previousMine == nil ? 0 : previousMine == mine ? 2 : 10
            guard y + height <= bottom else { break }
            let x = mine ? size.width - 16 - width : 16
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

    /// A bubble hugs the text it will show (in the screen's language), as Messages' do: measured
    /// when the builder can (`measuredBubble`), else estimated from its letters, generously
    /// (`estimatedLines`, MockComments.swift).
    func bubbleSize(_ words: String, look: BubbleLook) -> (lines: Int, width: Double) {
        let maxWidth = (size.width * 0.72).rounded()
        if let measured = measuredBubble(words, look: look, maxWidth: maxWidth) { return measured }
        let ink = inkWidth(words, size: look.size)
        let lines = estimatedLines(words, size: look.size, width: maxWidth - 24, limit: 4)
        return (lines, lines > 1 ? maxWidth : min(maxWidth, ink + 24 + look.size * 0.5))
    }

    /// The lines `words` take as drawn (at most 4) and a bubble 12 pt either side of the widest,
    /// plus 1 pt so the same words stay on the same lines at every output scale (the type size
    /// is rounded to 1/64 pixel), at most `maxWidth`.
    func measuredBubble(_ words: String, look: BubbleLook, maxWidth: Double) -> (lines: Int, width: Double)? {
        guard let measure else { return nil }
        var style = TextStyle(font: Font(size: look.size, family: look.family), lines: 4)
        // As MockLocale.localize marks the drawn text: shaping and fallback fonts follow it.
        if let code = locale, let lang = MockLocale.language(of: code), lang != "en" { style.language = lang }
        guard let m = measure.measure(MockLocale.shown(words, in: locale), style: style, width: maxWidth - 24), m.lines > 0 else { return nil }
        return (m.lines, min(maxWidth, (m.widest + 25).rounded(.up)))
    }
}

extension MaterialBuilder {
    mutating func conversation(title: String?, items: Int, row: ListRow? = nil) -> Node {
        let name = b.person()
        let (bar, y0) = topAppBar(title ?? name, large: false)
        let look = BubbleLook(incoming: containerHigh, incomingText: onSurface, outgoing: primaryContainer,
                              outgoingText: Color(hex: dark ? "#EADDFF" : "#21005D")!, size: 16, lineHeight: 22, radius: 20, family: "Roboto")
        let fieldY = size.height - gestureHeight - 8 - 48
        let header = text("Today · " + b.headerTime(row), Rect(0, y0 + 12, size.width, 16), size: 12, weight: .medium,
                          color: onVariant, align: .center)
        let bubbles = b.bubbles(from: y0 + 36, until: fieldY - 8, count: items, look: look, last: row?.preview)
        return root([header] + bubbles + [messageField()], bar: bar, bg: surface)
    }

    /// Google Messages' entry field above the gesture handle: a 48 dp pill with its placeholder.
    func messageField() -> Node {
        let w = size.width, y = size.height - gestureHeight - 8 - 48
        var field = Node(id: "messageField", kind: .rect, frame: Rect(16, y, w - 32, 48), fill: .solid(containerHigh), cornerRadius: 24)
        field.children = [text("Text message", Rect(20, 13, w - 96, 22), size: 16, color: onVariant)]
        return field
    }
}
