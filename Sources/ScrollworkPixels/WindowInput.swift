#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2
import Scrollwork
import ScrollworkWidgets

/// Turns SDL's events into the terminal host's `Event`s, so that apps and widgets take the
/// window's input as they take the terminal's.
struct WindowInput {
    /// What an SDL event means for the loop.
    enum Outcome {
        case quit
        case resized
        case events([Event])
    }

    /// The last pointer position in points and the buttons held, for wheel events (which SDL
    /// reports without a position) and drags.
    private var pointer = Point(x: 0, y: 0)
    private var held: MouseEvent.Button? = nil
    /// The files of a drop under way: SDL hands them over one at a time, and the app takes them
    /// as one drop once it is complete.
    private var dropped: [String] = []

    /// Input with no pointer seen yet: events carry points, whatever the canvas's cells.
    init() {}

    /// The meaning of `event`, whose positions are in window units, `pointScale` of them a point.
    mutating func translate(_ event: SDL_Event, pointScale: Double) -> Outcome {
        // Safe: an SDL event is a C union; each case below reads only the member its `type` says
        // SDL filled.
        let type = unsafe event.type
        let toPoints = 1 / Swift.max(0.25, pointScale)
        switch type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            switch unsafe UInt32(event.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue: return .resized
            case SDL_WINDOWEVENT_FOCUS_GAINED.rawValue: return .events([.focus(true)])
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue: return .events([.focus(false)])
            case SDL_WINDOWEVENT_LEAVE.rawValue where held == nil:
                // The pointer left the window: a move to nowhere, so what it hovered lets go
                // (a widened scroller narrows and fades).
                return .events([.mouse(MouseEvent(.move, button: .none, at: Point(x: -1, y: -1)))])
            default: return .events([])
            }
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = unsafe event.button
            pointer = Point(x: Double(b.x) * toPoints, y: Double(b.y) * toPoints)
            let button = Self.button(b.button)
            let down = type == SDL_MOUSEBUTTONDOWN.rawValue
            held = down ? button : nil
            let modifiers = Self.modifiers(SDL_GetModState())
            // A double click is a second press soon after the first, as a terminal reports it.
            return .events([.mouse(MouseEvent(down ? .press : .release, button: button, at: pointer, modifiers: modifiers))])
        case SDL_MOUSEMOTION.rawValue:
            let m = unsafe event.motion
            pointer = Point(x: Double(m.x) * toPoints, y: Double(m.y) * toPoints)
            let kind: MouseEvent.Kind = held == nil ? .move : .drag
            return .events([.mouse(MouseEvent(kind, button: held ?? .none, at: pointer, modifiers: Self.modifiers(SDL_GetModState())))])
        case SDL_MOUSEWHEEL.rawValue:
            let w = unsafe event.wheel
            let flip: Float = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let y = Double(w.preciseY * flip), x = Double(w.preciseX * flip)
            let modifiers = Self.modifiers(SDL_GetModState())
            var events: [Event] = []
            if y != 0 {
                events.append(.mouse(MouseEvent(.wheel(y > 0 ? .up : .down), button: .none, at: pointer,
                                                modifiers: modifiers, wheelNotches: abs(y))))
            }
            if x != 0 {
                events.append(.mouse(MouseEvent(.wheel(x > 0 ? .right : .left), button: .none, at: pointer,
                                                modifiers: modifiers, wheelNotches: abs(x))))
            }
            return .events(events)
        case SDL_MULTIGESTURE.rawValue:
            // A pinch on a touch screen or trackpad: Control and the wheel under the pointer, as
            // a zoomable view takes a trackpad's pinch (SV-07); fingers apart zoom in.
            let g = unsafe event.mgesture
            guard g.numFingers >= 2, g.dDist.isFinite, g.dDist != 0 else { return .events([]) }
            let notches = Double(abs(g.dDist)) * Self.notchesPerPinch
            return .events([.mouse(MouseEvent(.wheel(g.dDist > 0 ? .up : .down), button: .none, at: pointer,
                                              modifiers: .control, wheelNotches: notches))])
        case SDL_TEXTINPUT.rawValue:
            // Printable text, as typed (dead keys and input methods included).
            var text = unsafe event.text
            let string = unsafe withUnsafeBytes(of: &text.text) { raw in
                unsafe String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let modifiers = Self.modifiers(SDL_GetModState()).subtracting(.shift)
            return .events(string.map { .key(KeyEvent(.character($0), modifiers)) })
        case SDL_KEYDOWN.rawValue:
            let key = unsafe event.key.keysym
            let modifiers = Self.modifiers(SDL_Keymod(UInt32(key.mod)))
            if let named = Self.namedKey(key.sym) { return .events([.key(KeyEvent(named, modifiers))]) }
            // Letters and digits with Control or Alt are commands (Ctrl-C, Alt-M); plain ones
            // arrive as text input.
            if modifiers.contains(.control) || modifiers.contains(.alt), key.sym > 0, key.sym < 0x7F,
               let scalar = Unicode.Scalar(UInt32(key.sym)) {
                return .events([.key(KeyEvent(.character(Character(scalar)), modifiers.subtracting(.shift)))])
            }
            return .events([])
        case SDL_DROPBEGIN.rawValue:
            dropped = []
            return .events([])
        case SDL_DROPFILE.rawValue, SDL_DROPTEXT.rawValue:
            guard let raw = unsafe event.drop.file else { return .events([]) }
            defer { unsafe SDL_free(raw) }
            let text = unsafe String(cString: raw)
            // Text dragged from another app and dropped is pasted, as desktops do.
            if type == SDL_DROPTEXT.rawValue { return .events([.paste(text)]) }
            dropped.append(text)
            return .events([])
        case SDL_DROPCOMPLETE.rawValue:
            defer { dropped = [] }
            return .events(dropped.isEmpty ? [] : [.droppedFiles(dropped)])
        default:
            return .events([])
        }
    }

    /// Wheel notches for a pinch that changes the fingers' distance by the whole diagonal of the
    /// touch surface (SDL's unit): a tenth of it is 2 notches, about a 20% zoom step.
    static let notchesPerPinch = 20.0

    static func button(_ b: UInt8) -> MouseEvent.Button {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .right
        default: return .none
        }
    }

    static func modifiers(_ mod: SDL_Keymod) -> Modifiers {
        var m: Modifiers = []
        if mod.rawValue & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if mod.rawValue & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
        if mod.rawValue & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
        return m
    }

    static func namedKey(_ sym: SDL_Keycode) -> Key? {
        func code(_ k: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(bitPattern: k.rawValue) }
        switch sym {
        case code(SDLK_RETURN), code(SDLK_KP_ENTER): return .enter
        case code(SDLK_TAB): return .tab
        case code(SDLK_BACKSPACE): return .backspace
        case code(SDLK_ESCAPE): return .escape
        case code(SDLK_UP): return .up
        case code(SDLK_DOWN): return .down
        case code(SDLK_LEFT): return .left
        case code(SDLK_RIGHT): return .right
        case code(SDLK_HOME): return .home
        case code(SDLK_END): return .end
        case code(SDLK_PAGEUP): return .pageUp
        case code(SDLK_PAGEDOWN): return .pageDown
        case code(SDLK_INSERT): return .insert
        case code(SDLK_DELETE): return .delete
        case code(SDLK_APPLICATION), code(SDLK_MENU): return .menu
        default:
            let f1 = code(SDLK_F1)
            if sym >= f1, sym < f1 + 12 { return .function(Int(sym - f1) + 1) }
            return nil
        }
    }
}
#endif
