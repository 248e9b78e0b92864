// What a `list` mock's first row shows — who, when, and the preview of the last message — so that
// the conversation opened from it is that row's (issue 28: one story, the screen a row opens
// belongs to the row): titled with the person, ending with the previewed message, at its time.

import Geometry

/// One row of a `list` mock: the person, the time of the last message (minutes after midnight)
/// and that message, which the row previews.
public struct ListRow: Equatable, Sendable {
    public let person: String
    public let minutes: Int
    public let preview: String
}

extension Mocks {
    /// The first row of a `list` mock of `seed` (iOS and Material alike): both builders draw each
    /// row through `Builder.listRow` before anything else from the seed's generator (their bars
    /// draw nothing from it), so a fresh generator of the same seed gives it.
    /// ConversationPersonTests and ConversationRowTests pin this against the built list.
    public static func firstListRow(seed: Int) -> ListRow {
        var b = Builder(size: Size(0, 0), dark: false, tint: nil, seed: seed)
        var clock = Builder.Clock()
        return b.listRow(avatarFrame: Rect(0, 0, 1, 1), clock: &clock).row
    }
}

extension Builder {
    /// One list row's content, drawn from the generator in one fixed order — person, avatar
    /// colour, time, preview — the order both list builders and `firstListRow` rely on.
    mutating func listRow(avatarFrame: Rect, clock: inout Clock) -> (row: ListRow, avatar: Node) {
        let name = person()
        let avatar = avatar(avatarFrame, name: name)
        let minutes = clock.earlier(&rng)
        return (ListRow(person: name, minutes: minutes, preview: sentence(4 + rng.int(8))), avatar)
    }
}
