import Scrollwork

extension ScrollCommand {
    /// The command for a key: arrows step a line, Page Up/Down and Space (Shift-Space back) a
    /// page, Home and End go to the ends; nil for other keys.
    public init?(key: KeyEvent) {
        switch key.key {
        case .up: self = .lineUp
        case .down: self = .lineDown
        case .left: self = .lineLeft
        case .right: self = .lineRight
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .top
        case .end: self = .bottom
        case .character(" "): self = key.modifiers.contains(.shift) ? .pageUp : .pageDown
        default: return nil
        }
    }
}

extension ListMove {
    /// The cursor movement for a key (arrows, Page Up/Down, Home/End); nil for other keys.
    public init?(key: KeyEvent) {
        switch key.key {
        case .up: self = .up
        case .down: self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        default: return nil
        }
    }
}

extension Modifiers {
    /// A click that extends the selection: Shift, as on macOS, or Alt, for terminals that keep
    /// Shift-click for their own text selection.
    var extendsSelection: Bool { contains(.shift) || contains(.alt) }
    /// A click that adds or removes a row: Ctrl, the terminal's stand-in for ⌘.
    var togglesSelection: Bool { contains(.control) }
}
