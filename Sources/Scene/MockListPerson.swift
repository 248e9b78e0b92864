// Which person a `list` mock's first row shows, so that a conversation opened from it is with
// that person (issue 28: one story — the screen a row opens belongs to the row).

import Geometry

extension Mocks {
    /// The name on the first row of a `list` mock of `seed` (iOS and Material alike): both
    /// builders draw the row's person before anything else from the seed's generator (their bars
    /// draw nothing from it), so a fresh generator of the same seed gives it. MockListPersonTests
    /// pins this against the built list.
    public static func firstListPerson(seed: Int) -> String {
        var b = Builder(size: Size(0, 0), dark: false, tint: nil, seed: seed)
        return b.person()
    }
}
