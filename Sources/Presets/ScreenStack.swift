import Transitions

/// The navigation stack as the timeline moves it: push and present put a screen on top, pop and
/// dismiss take the top one off (never the last). The one simulation of the stack (issue 19.1):
/// the decoder's match check follows it over screen ids, the resolver over screen ids with the
/// rules a step must keep (`refusal`), and `Storyboard.state` over the still states it shows.
struct ScreenStack<Element> {
    enum Arrival { case pushed, presented }

    private(set) var entries: [(element: Element, arrival: Arrival)]

    init(_ root: Element) { entries = [(root, .pushed)] }

    var top: Element { entries[entries.count - 1].element }
    var count: Int { entries.count }
    /// True when the top entry was presented (the root never is).
    var topWasPresented: Bool { entries.count > 1 && entries[entries.count - 1].arrival == .presented }
    /// The entry under the top one, nil for the root alone.
    var underTop: Element? { entries.count > 1 ? entries[entries.count - 2].element : nil }

    /// Push or present `element`; pop or dismiss the top entry, unless it is the only one.
    mutating func apply(_ operation: StackOperation, _ element: Element) {
        switch operation {
        case .push: entries.append((element, .pushed))
        case .present: entries.append((element, .presented))
        case .pop, .dismiss: if entries.count > 1 { entries.removeLast() }
        }
    }

    /// The top entry replaced by `element`, arrived as it did (a sheet moved to another detent).
    mutating func replaceTop(_ element: Element) {
        entries[entries.count - 1].element = element
    }

    /// Why `operation` cannot be a step here, nil when it can: a pop takes a pushed screen off, a
    /// dismiss a presented one, and neither takes the root.
    func refusal(_ operation: StackOperation, describing name: (Element) -> String) -> String? {
        switch operation {
        case .push, .present: return nil
        case .pop:
            if entries.count > 1 && !topWasPresented { return nil }
            return entries.count > 1 ? "the top screen \"\(name(top))\" was presented: dismiss it instead of popping"
                                     : "nothing to pop: \"\(name(top))\" is the only screen on the stack"
        case .dismiss:
            return topWasPresented ? nil : "nothing to dismiss: \"\(name(top))\" was not presented"
        }
    }
}
