#if Window
import ScrollworkWidgets

/// An AT-SPI event the bridge sends.
struct AtspiEvent: Equatable, Sendable {
    var path: String
    var interface: String
    var member: String
    var detail: String
    var detail1: Int32
    var detail2: Int32
    /// The path of an object the event refers to (the active descendant), if any.
    var object: String?

    /// The window came up with the keyboard.
    static let windowActivated = AtspiEvent(path: AtspiTree.windowPath, interface: "org.a11y.atspi.Event.Window", member: "Activate",
                                            detail: "", detail1: 0, detail2: 0, object: nil)

    /// The events for focus moving from `old` to `new`: what loses focus says so, what gains it
    /// says so, and a list or table whose row gains focus says which row is its active
    /// descendant now. A list or table keeps focus while its active row moves (``AtspiTree/hasFocus(_:)``),
    /// so it is told of only when focus comes to it or leaves it.
    static func focusMoved(from old: String?, to new: String) -> [AtspiEvent] {
        func state(_ path: String, _ on: Bool) -> AtspiEvent {
            AtspiEvent(path: path, interface: "org.a11y.atspi.Event.Object", member: "StateChanged", detail: "focused", detail1: on ? 1 : 0, detail2: 0, object: nil)
        }
        /// The focused object and the container whose row it is, container first.
        func focused(_ path: String?) -> [String] {
            guard let path else { return [] }
            return (AtspiTree.container(ofRow: path).map { [$0] } ?? []) + [path]
        }
        let before = focused(old), after = focused(new)
        var events = before.reversed().filter { !after.contains($0) }.map { state($0, false) }
        if after.count == 2 {
            events.append(AtspiEvent(path: after[0], interface: "org.a11y.atspi.Event.Object", member: "ActiveDescendantChanged",
                                     detail: "", detail1: 0, detail2: 0, object: new))
            events.append(AtspiEvent(path: after[0], interface: "org.a11y.atspi.Event.Object", member: "SelectionChanged",
                                     detail: "", detail1: 0, detail2: 0, object: nil))
        }
        events += after.filter { !before.contains($0) }.map { state($0, true) }
        return events
    }

    /// The events for what changed on screen between two publications: states (selected,
    /// expanded, checked), values, names, and how many children a list or table has. Focus is
    /// not among them (``focusMoved(from:to:)``).
    static func changes(from old: [String: AtspiTree.Shown], to new: [String: AtspiTree.Shown]) -> [AtspiEvent] {
        var events: [AtspiEvent] = []
        func object(_ path: String, _ member: String, _ detail: String, _ one: Int32 = 0, _ two: Int32 = 0, _ about: String? = nil) {
            events.append(AtspiEvent(path: path, interface: "org.a11y.atspi.Event.Object", member: member, detail: detail,
                                     detail1: one, detail2: two, object: about))
        }
        for path in new.keys.sorted() {
            guard let now = new[path], let was = old[path] else { continue }
            for (flag, name) in [(AccessibilityElement.State.selected, "selected"), (.expanded, "expanded"), (.checked, "checked")]
            where now.state.contains(flag) != was.state.contains(flag) {
                object(path, "StateChanged", name, now.state.contains(flag) ? 1 : 0)
                // A node that closes says it is collapsed as well as no longer expanded, as GTK's do.
                if flag == .expanded, now.state.contains(.expandable) { object(path, "StateChanged", "collapsed", now.state.contains(flag) ? 0 : 1) }
            }
            if now.name != was.name { object(path, "PropertyChange", "accessible-name") }
            if now.isDocument, now.value != was.value || now.caret != was.caret {
                // A document's value is its text, read through Text: scrolled, its caret moves to
                // the line now first shown, which a screen reader reads.
                object(path, "TextCaretMoved", "", Int32(clamping: now.caret ?? 0))
            } else if now.value != was.value {
                object(path, "PropertyChange", now.hasRange ? "accessible-value" : "accessible-description")
            }
            if now.selection != was.selection { object(path, "TextSelectionChanged", "") }
            // Rows coming and going change a list's count; other children are told of one by one
            // (structure(from:to:stillThere:)).
            if now.hasRows, now.childCount != was.childCount {
                let added = now.childCount > was.childCount
                object(path, "ChildrenChanged", added ? "add" : "remove", Int32(clamping: Swift.min(now.childCount, was.childCount)))
            }
        }
        return events
    }

    /// The events for objects that came and went between two publications: an object gone (its
    /// path no longer reaches anything: a page changed, a menu closed) is said to be defunct, and
    /// its parent, where that stays, says the child was removed; an object new on screen is
    /// added to a parent that was there. Rows are left to their list's count (``changes(from:to:)``):
    /// a row scrolled away is still there, read by its index. `stillThere` says whether a path
    /// reaches an object in the new tree. Also returns the places (``AtspiTree/Shown/place``) of
    /// the gone objects whose parents stay, which the tree retires for good.
    static func structure(from old: [String: AtspiTree.Shown], to new: [String: AtspiTree.Shown],
                          stillThere: (String) -> Bool) -> (events: [AtspiEvent], retired: [String]) {
        func parent(_ path: String) -> String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? path }
        func event(_ path: String, _ member: String, _ detail: String, _ one: Int, _ about: String?) -> AtspiEvent {
            AtspiEvent(path: path, interface: "org.a11y.atspi.Event.Object", member: member, detail: detail, detail1: Int32(clamping: one), detail2: 0, object: about)
        }
        var events: [AtspiEvent] = [], retired: [String] = []
        let gone = Set(old.keys.filter { new[$0] == nil && !stillThere($0) })
        for path in gone.sorted() {
            let above = parent(path)
            if !gone.contains(above), let was = old[path], let place = was.place {
                events.append(event(above, "ChildrenChanged", "remove", was.index, path))
                retired.append(place)
            }
            events.append(event(path, "StateChanged", "defunct", 1, nil))
        }
        for path in new.keys.sorted() where old[path] == nil {
            guard old[parent(path)] != nil, let now = new[path], now.place != nil else { continue }
            events.append(event(parent(path), "ChildrenChanged", "add", now.index, path))
        }
        return (events, retired)
    }

    func send(on link: borrowing DBusLink, bus: String) {
        let any: DBusValue = object.map { .variant(.reference(bus, $0)) } ?? .variant(.int32(0))
        link.signal(path, interface, member, [.string(detail), .int32(detail1), .int32(detail2), any, .array(signature: "{sv}", [])])
    }
}
#endif
