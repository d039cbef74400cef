/// A pointer gesture as a ``PointerTable`` looks it up: a click, a double-click or a wheel
/// turn, with the modifier keys held. Where the pointer is, how far the wheel turned and
/// which way are the event's; the table says only what the gesture means.
public struct PointerGesture: Sendable, Hashable {
    /// What the pointer did.
    public enum Kind: Sendable, Hashable {
        /// A button pressed and released without moving (a tap).
        case click(MouseEvent.Button)
        /// A second click of a button soon after the first, in the same place.
        case doubleClick(MouseEvent.Button)
        /// A wheel turn or a touchpad's two-finger scroll, whichever way.
        case wheel
    }

    /// What the pointer did.
    public var kind: Kind
    /// The modifier keys held.
    public var modifiers: Modifiers

    /// `kind` with `modifiers` held.
    public init(_ kind: Kind, _ modifiers: Modifiers = []) {
        self.kind = kind
        self.modifiers = modifiers
    }

    /// The gesture `mouse` starts or is: a press or release is a click of its button, a wheel
    /// report a wheel turn; nil for motion, which is part of a gesture rather than one.
    public init?(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .press, .release: self.init(.click(mouse.button), mouse.modifiers)
        case .wheel: self.init(.wheel, mouse.modifiers)
        case .drag, .move: return nil
        }
    }

    /// The gesture as help names it: "click", "Shift+click", "right-click", "Ctrl+wheel",
    /// "double-click".
    public var label: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch kind {
        case let .click(button): parts.append(Self.prefix(button) + "click")
        case let .doubleClick(button): parts.append(Self.prefix(button) + "double-click")
        case .wheel: parts.append("wheel")
        }
        return parts.joined(separator: "+")
    }

    private static func prefix(_ button: MouseEvent.Button) -> String {
        switch button {
        case .left, .none: return ""
        case .middle: return "middle-"
        case .right: return "right-"
        }
    }
}
