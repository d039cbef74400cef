#if Window
import ScrollworkWidgets

/// AT-SPI 2's numbers and names for roles and states (at-spi2-core's `AtspiRole` and
/// `AtspiStateType`), and which of them each object has.
enum AtspiRoles {
    /// AT-SPI's role number and its name for `node`.
    static func role(of node: AtspiTree.Node) -> (number: UInt32, name: String) {
        if node.isApplication { return (75, "application") }
        guard let element = node.element else { return (23, "frame") }
        switch element.role {
        case .scrollArea: return (49, "scroll pane")
        case .list: return (31, "list")
        case .table: return (55, "table")
        case .outline: return (66, "tree table")
        case .row:
            switch node.containerRole {
            case .table: return (90, "table row")
            case .outline: return (91, "tree item")
            default: return (32, "list item")
            }
        case .cell: return (56, "table cell")
        case .columnHeader: return (10, "column header")
        case .pageControl, .slider: return (51, "slider")
        case .textField: return (79, "entry")
        case .group: return (39, "panel")
        case .staticText: return (29, "label")
        case .document: return (61, "text")
        case .button: return (43, "push button")
        case .pageTabList: return (38, "page tab list")
        case .pageTab: return (37, "page tab")
        case .menu: return (41, "popup menu")
        case .menuItem: return (35, "menu item")
        case .dialog: return (16, "dialog")
        case .heading: return (83, "heading")
        }
    }

    /// The state numbers (AtspiStateType) that hold for `node`; `hasFocus` for the one object
    /// with keyboard focus (the groups around it, which the app also marks, are not focused).
    static func states(of node: AtspiTree.Node, windowIsActive: Bool, hasFocus: Bool) -> [Int] {
        var states: [Int] = []
        let enabled = 8, sensitive = 24, showing = 25, visible = 30
        guard let element = node.element else {
            if node.isWindow {
                states += [enabled, sensitive, showing, visible, 21]  // resizable
                if windowIsActive { states.append(1) }  // active
            }
            return states
        }
        if !element.state.contains(.disabled) { states += [enabled, sensitive] }
        if node.isShowing { states += [showing, visible] }
        switch element.role {
        case .list, .table, .outline:
            states += [11, 31]  // focusable, manages descendants
        case .dialog:
            states.append(16)  // modal
        case .row, .menuItem, .pageTab:
            states += [11, 22]  // focusable, selectable
        case .button:
            states.append(11)  // focusable
        case .textField:
            states += [11, 26]  // focusable, single line
        case .document:
            states.append(17)  // multi line
        case .pageControl, .slider:
            states += [11, 14]  // focusable, horizontal
        case .cell:
            states.append(22)
        default:
            break
        }
        let flags: [(AccessibilityElement.State, Int)] = [
            (.selected, 23), (.expandable, 9), (.expanded, 10), (.editable, 7), (.busy, 3), (.multiselectable, 18),
            (.checkable, 41), (.checked, 4),
        ]
        for (flag, number) in flags where element.state.contains(flag) { states.append(number) }
        if element.state.contains(.expandable) && !element.state.contains(.expanded) { states.append(5) }  // collapsed
        if hasFocus { states.append(12) }
        return states
    }

    /// `states` as AT-SPI sends a state set: two 32-bit words of bits.
    static func stateWords(_ states: [Int]) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states where state >= 0 && state < 64 { words[state / 32] |= 1 << UInt32(state % 32) }
        return words
    }

    /// The D-Bus interfaces `node` answers.
    static func interfaces(of node: AtspiTree.Node) -> [String] {
        var names = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
        if node.isApplication { return ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"] }
        switch node.element?.role {
        case .table?, .outline?: names += ["org.a11y.atspi.Table", "org.a11y.atspi.Selection"]
        case .list?, .menu?, .pageTabList?: names.append("org.a11y.atspi.Selection")
        case .cell?: names.append("org.a11y.atspi.TableCell")
        case .textField?, .staticText?, .document?, .heading?: names.append("org.a11y.atspi.Text")
        default: break
        }
        if node.element?.actions.isEmpty == false { names.append("org.a11y.atspi.Action") }
        if node.element?.range != nil { names.append("org.a11y.atspi.Value") }
        return names
    }
}
#endif
