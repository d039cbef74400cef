// The fuzzer compiles the decoder with the event types in one module, where there is nothing to import.
#if canImport(ScrollworkWidgets)
import ScrollworkWidgets
#endif
/// Turns the bytes a terminal sends into `Event`s, incrementally.
///
/// Reads may split a sequence anywhere; the decoder keeps the unfinished part for the next
/// ``feed(_:at:)``. A lone Escape is told apart from the start of a sequence by time: the caller's
/// clock decides, through ``flush(at:)``. Invalid UTF-8 becomes U+FFFD; nothing stalls or crashes
/// the decoder.
///
/// Control strings are consumed whole and dropped, never read as keys: a CSI sequence longer
/// than ``maximumSequenceLength`` is skipped to its final byte without being kept, and OSC, DCS,
/// APC, PM and SOS strings (a terminal's answers, or a title a program echoed) are skipped to
/// their terminator (BEL or ST), or until CAN, SUB or Escape breaks them off, or until nothing has
/// arrived for ``pasteTimeout``; other control characters inside them are ignored, as a terminal
/// ignores them.
public struct InputDecoder: Sendable {
    /// How long a lone Escape waits for the rest of a sequence, in seconds; a value that is not a
    /// finite number from 0 to 10 is replaced by the default, 0.05.
    public var escapeTimeout: Double = 0.05 {
        didSet { if !(escapeTimeout >= 0 && escapeTimeout <= 10) { escapeTimeout = 0.05 } }
    }
    /// The longest control sequence kept; longer ones are skipped to their end and dropped.
    public static let maximumSequenceLength = 64

    /// How long a bracketed paste or a control string may go without bytes before it is taken as
    /// cut off, in seconds; a value that is not a finite number from 0 to 60 is replaced by the
    /// default, 1.
    public var pasteTimeout: Double = 1 {
        didSet { if !(pasteTimeout >= 0 && pasteTimeout <= 60) { pasteTimeout = 1 } }
    }

    /// What is being skipped: the rest of an over-long CSI sequence, or a control string.
    private enum Skip: Sendable {
        case csi
        case string
    }
    private var skip: Skip? = nil

    private var pending: [UInt8] = []
    private var pendingSince: Double = 0
    private var lastFeed: Double = 0
    private var paste: [UInt8]? = nil

    /// The size of a cell in pixels, where the terminal reports the mouse in pixels (SGR-Pixels,
    /// mode 1016, turned on by the event loop when the terminal has it): positions are then read
    /// to the pixel and given in points, a cell being 8 × 16 points. Nil (the default) reads
    /// positions as cells. A size below one pixel counts as nil.
    public var mousePixelsPerCell: (width: Int, height: Int)? = nil

    /// Creates a decoder.
    public init() {}

    /// True when bytes are waiting for the rest of a sequence (a host should call ``flush(at:)``
    /// after ``escapeTimeout``).
    public var hasPending: Bool { !pending.isEmpty || paste != nil || skip != nil }

    /// The time at which ``flush(at:)`` should run to settle what is pending, if anything.
    public var flushDeadline: Double? {
        if paste != nil || skip != nil { return lastFeed + pasteTimeout }
        return pending.isEmpty ? nil : pendingSince + escapeTimeout
    }

    /// Decodes `bytes` read at `time`. A time that is not finite counts as the time of the
    /// previous read, so that it cannot keep anything pending forever.
    public mutating func feed(_ bytes: some Sequence<UInt8>, at time: Double) -> [Event] {
        let time = time.isFinite ? time : lastFeed
        if pending.isEmpty { pendingSince = time }
        lastFeed = time
        pending.append(contentsOf: bytes)
        return decode(final: false, endPaste: false)
    }

    /// Settles what is pending once its timeout has passed: a lone Escape becomes the Escape key,
    /// a truncated sequence is dropped, half a UTF-8 character becomes U+FFFD, a control string
    /// cut off is dropped, and a paste cut off for ``pasteTimeout`` is delivered as it is. A time
    /// that is not finite settles everything at once.
    public mutating func flush(at time: Double) -> [Event] {
        let late = !time.isFinite
        if skip != nil && (late || time - lastFeed >= pasteTimeout) { skip = nil }
        let endPaste = paste != nil && (late || time - lastFeed >= pasteTimeout)
        guard endPaste || (!pending.isEmpty && paste == nil && (late || time - pendingSince >= escapeTimeout)) else { return [] }
        return decode(final: true, endPaste: endPaste)
    }

    // MARK: Decoding

    private mutating func decode(final: Bool, endPaste: Bool) -> [Event] {
        var events: [Event] = []
        var i = 0
        let bytes = pending
        while i < bytes.count {
            if skip != nil {
                guard let next = skipControl(bytes, from: i, final: final) else { break }
                i = next
                continue
            }
            if paste != nil {
                // Inside a bracketed paste everything up to ESC [ 2 0 1 ~ is text.
                if let end = find(pasteEnd, in: bytes, from: i) {
                    paste!.append(contentsOf: bytes[i..<end])
                    events.append(.paste(String(decoding: paste!, as: UTF8.self)))
                    paste = nil
                    i = end + pasteEnd.count
                    continue
                }
                // Keep a tail that may be the start of the end marker.
                let keep = Swift.min(pasteEnd.count - 1, bytes.count - i)
                let cut = endPaste ? bytes.count : bytes.count - keep
                paste!.append(contentsOf: bytes[i..<cut])
                if endPaste { events.append(.paste(String(decoding: paste!, as: UTF8.self))); paste = nil }
                i = cut
                break
            }
            let (result, used) = decodeOne(bytes, i, final: final)
            if used == 0 { break }  // need more bytes
            if let result { events.append(result) }
            i += used
        }
        pending.removeFirst(i)
        // A paste cut off with nothing after its start marker still ends when its time is up.
        if endPaste, let text = paste {
            if !text.isEmpty { events.append(.paste(String(decoding: text, as: UTF8.self))) }
            paste = nil
        }
        return events
    }

    /// Decodes one event at `i`; `used` 0 means the bytes so far are an unfinished prefix.
    private mutating func decodeOne(_ b: [UInt8], _ i: Int, final: Bool) -> (Event?, Int) {
        let byte = b[i]
        switch byte {
        case 0x1B:
            guard i + 1 < b.count else { return final ? (.key(KeyEvent(.escape)), 1) : (nil, 0) }
            let next = b[i + 1]
            if next == UInt8(ascii: "[") { return csi(b, i, final: final) }
            if next == UInt8(ascii: "O") { return ss3(b, i, final: final) }
            // OSC, DCS, SOS, PM, APC: a control string when more follows in the same read;
            // alone, the introducer is Alt with that key.
            if [0x5D, 0x50, 0x58, 0x5E, 0x5F].contains(next) {
                guard i + 2 < b.count else {
                    return final ? (.key(KeyEvent(.character(Character(Unicode.Scalar(next))), .alt)), 2) : (nil, 0)
                }
                skip = .string
                return (nil, 2)
            }
            if next == 0x1B { return (.key(KeyEvent(.escape)), 1) }
            // Alt + key: decode the key that follows and add Alt.
            let (inner, used) = decodeOne(b, i + 1, final: final)
            if used == 0 { return (nil, 0) }
            if case var .key(k)? = inner { k.modifiers.insert(.alt); return (.key(k), used + 1) }
            return (inner, used + 1)
        case 0x0D, 0x0A: return (.key(KeyEvent(.enter)), 1)
        case 0x09: return (.key(KeyEvent(.tab)), 1)
        case 0x7F, 0x08: return (.key(KeyEvent(.backspace)), 1)
        case 0x00: return (.key(KeyEvent(.character(" "), .control)), 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(byte + 0x60))
            return (.key(KeyEvent(.character(letter), .control)), 1)
        case 0x1C...0x1F:
            return (.key(KeyEvent(.character(Character(Unicode.Scalar(byte + 0x40))), .control)), 1)
        default:
            return utf8(b, i, final: final)
        }
    }

    private func utf8(_ b: [UInt8], _ i: Int, final: Bool) -> (Event?, Int) {
        let lead = b[i]
        let length: Int
        switch lead {
        case 0x20...0x7E: return (.key(KeyEvent(.character(Character(Unicode.Scalar(lead))))), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.key(KeyEvent(.character("\u{FFFD}"))), 1)
        }
        var j = 1
        while j < length {
            guard i + j < b.count else { return final ? (.key(KeyEvent(.character("\u{FFFD}"))), j) : (nil, 0) }
            guard b[i + j] & 0xC0 == 0x80 else { return (.key(KeyEvent(.character("\u{FFFD}"))), j) }
            j += 1
        }
        let text = String(decoding: b[i..<(i + length)], as: UTF8.self)
        return (.key(KeyEvent(.character(text.first ?? "\u{FFFD}"))), length)
    }

    private func ss3(_ b: [UInt8], _ i: Int, final: Bool) -> (Event?, Int) {
        guard i + 2 < b.count else { return final ? (.key(KeyEvent(.character("O"), .alt)), 2) : (nil, 0) }
        let key: Key?
        switch b[i + 2] {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        case UInt8(ascii: "M"): key = .enter
        default: key = nil
        }
        return (key.map { .key(KeyEvent($0)) }, 3)
    }

    private mutating func csi(_ b: [UInt8], _ i: Int, final: Bool) -> (Event?, Int) {
        // ESC [ then parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E.
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) {
            j += 1
            if j - i > Self.maximumSequenceLength {
                // Too long to be anything we know: skip the rest without keeping it.
                skip = .csi
                return (nil, j - i)
            }
        }
        guard j < b.count else { return final ? (nil, b.count - i) : (nil, 0) }
        let finalByte = b[j]
        let used = j - i + 1
        guard (0x40...0x7E).contains(finalByte) else { return (nil, used - 1 > 0 ? used - 1 : 1) }
        let body = b[(i + 2)..<j]
        if body.first == UInt8(ascii: "<") { return (sgrMouse(body.dropFirst(), final: finalByte), used) }
        let params = Parameters(body)
        let modifiers = params.count > 1 ? Modifiers(rawValue: UInt8(truncatingIfNeeded: Swift.max(1, params[1] ?? 1) - 1) & 7) : []
        func key(_ k: Key, _ extra: Modifiers = []) -> (Event?, Int) { (.key(KeyEvent(k, modifiers.union(extra))), used) }
        switch finalByte {
        case UInt8(ascii: "A"): return key(.up)
        case UInt8(ascii: "B"): return key(.down)
        case UInt8(ascii: "C"): return key(.right)
        case UInt8(ascii: "D"): return key(.left)
        case UInt8(ascii: "H"): return key(.home)
        case UInt8(ascii: "F"): return key(.end)
        case UInt8(ascii: "P"): return key(.function(1))
        case UInt8(ascii: "Q"): return key(.function(2))
        case UInt8(ascii: "R"): return key(.function(3))
        case UInt8(ascii: "S"): return key(.function(4))
        case UInt8(ascii: "Z"): return (.key(KeyEvent(.tab, .shift)), used)
        case UInt8(ascii: "u"):
            // The kitty keyboard protocol: CSI code ; modifiers u (e.g. Shift-Space is CSI 32;2u).
            return (params.first.flatMap { $0 }.flatMap { Self.keyEvent(code: $0, modifiers: modifiers) }.map { .key($0) }, used)
        case UInt8(ascii: "I"): return (body.isEmpty ? .focus(true) : nil, used)
        case UInt8(ascii: "O"): return (body.isEmpty ? .focus(false) : nil, used)
        case UInt8(ascii: "~"):
            switch params.first ?? nil {
            case 1, 7: return key(.home)
            case 2: return key(.insert)
            case 3: return key(.delete)
            case 4, 8: return key(.end)
            case 5: return key(.pageUp)
            case 6: return key(.pageDown)
            case 11: return key(.function(1))
            case 12: return key(.function(2))
            case 13: return key(.function(3))
            case 14: return key(.function(4))
            case 15: return key(.function(5))
            case 17: return key(.function(6))
            case 18: return key(.function(7))
            case 19: return key(.function(8))
            case 20: return key(.function(9))
            case 21: return key(.function(10))
            case 23: return key(.function(11))
            case 24: return key(.function(12))
            case 29: return key(.menu)
            case 27:
                // xterm's modifyOtherKeys: CSI 27 ; modifiers ; code ~ (Shift-Space is CSI 27;2;32~).
                guard params.count == 3, let code = params[2] else { return (nil, used) }
                return (Self.keyEvent(code: code, modifiers: modifiers).map { .key($0) }, used)
            case 200:
                paste = []
                return (nil, used)
            default: return (nil, used)
            }
        default:
            return (nil, used)
        }
    }

    /// Consumes bytes of what is being skipped from `start`; returns where decoding goes on, or
    /// nil when an Escape at the end of the input must wait for the byte after it.
    private mutating func skipControl(_ b: [UInt8], from start: Int, final: Bool) -> Int? {
        var i = start
        while i < b.count, let current = skip {
            let byte = b[i]
            switch current {
            case .csi:
                if (0x20...0x3F).contains(byte) { i += 1; continue }
                skip = nil
                // The final byte ends it; anything else breaks it off and is read again.
                return (0x40...0x7E).contains(byte) ? i + 1 : i
            case .string:
                switch byte {
                case 0x07, 0x18, 0x1A:
                    skip = nil
                    return i + 1
                case 0x1B:
                    guard i + 1 < b.count else {
                        // Settling: no terminator came with it, so the string ends here, ESC and all.
                        if final { skip = nil; return i + 1 }
                        return i == start ? nil : i
                    }
                    skip = nil
                    // ESC \ is the string terminator; ESC and anything else starts something new.
                    return b[i + 1] == 0x5C ? i + 2 : i
                default:
                    i += 1
                }
            }
        }
        return i
    }

    /// The key for a Unicode code point reported with its modifiers by the kitty keyboard
    /// protocol or modifyOtherKeys: Return, Tab, Backspace and Escape by their codes, anything
    /// else printable as a character. Nil for a code that is no key.
    static func keyEvent(code: Int, modifiers: Modifiers) -> KeyEvent? {
        switch code {
        case 13: return KeyEvent(.enter, modifiers)
        case 9: return KeyEvent(.tab, modifiers)
        case 127, 8: return KeyEvent(.backspace, modifiers)
        case 27: return KeyEvent(.escape, modifiers)
        default:
            guard code >= 0x20, code != 0x7F, !(0x80..<0xA0).contains(code), let scalar = Unicode.Scalar(code) else { return nil }
            return KeyEvent(.character(Character(scalar)), modifiers)
        }
    }

    private func sgrMouse(_ body: ArraySlice<UInt8>, final: UInt8) -> Event? {
        let fields = Parameters(body)
        guard fields.count == 3, let code = fields[0], let x = fields[1], let y = fields[2],
              final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let column = Swift.max(0, x - 1), row = Swift.max(0, y - 1)
        let low = code & 3
        // In pixels, a cell being 8 × 16 points: the pixel's own place, not its cell's centre.
        let pixels = mousePixelsPerCell.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        func event(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button) -> MouseEvent {
            guard let pixels else { return MouseEvent(kind, button: button, column: column, row: row, modifiers: modifiers) }
            return MouseEvent(kind, button: button, x: (Double(column) + 0.5) / Double(pixels.width) * 8,
                              y: (Double(row) + 0.5) / Double(pixels.height) * 16, modifiers: modifiers)
        }
        if code & 64 != 0 {
            let direction: MouseEvent.WheelDirection = [.up, .down, .left, .right][low]
            return .mouse(event(.wheel(direction), .none))
        }
        let button: MouseEvent.Button = [.left, .middle, .right, .none][low]
        let kind: MouseEvent.Kind
        if final == UInt8(ascii: "m") { kind = .release } else if code & 32 != 0 { kind = button == .none ? .move : .drag } else { kind = .press }
        return .mouse(event(kind, button))
    }


    private let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] {
                var match = true
                for k in 1..<needle.count where haystack[i + k] != needle[k] { match = false; break }
                if match { return i }
            }
            i += 1
        }
        return nil
    }
}

/// The `;`-separated decimal parameters of a control sequence, parsed in one pass without
/// allocating: up to four are kept (no sequence the decoder knows has more), and `count` says how
/// many there were. A parameter that is empty or not a number is nil; huge numbers are capped.
struct Parameters {
    private var values: (Int?, Int?, Int?, Int?) = (nil, nil, nil, nil)
    private(set) var count = 0

    init(_ bytes: ArraySlice<UInt8>) {
        var value = 0, digits = 0, valid = true
        func finish(_ p: inout Parameters) {
            let v: Int? = valid && digits > 0 ? value : nil
            switch p.count {
            case 0: p.values.0 = v
            case 1: p.values.1 = v
            case 2: p.values.2 = v
            case 3: p.values.3 = v
            default: break
            }
            p.count += 1
        }
        for byte in bytes {
            if byte == UInt8(ascii: ";") {
                finish(&self)
                value = 0; digits = 0; valid = true
            } else if byte >= 0x30 && byte <= 0x39 {
                value = Swift.min(value * 10 + Int(byte - 0x30), 1_000_000)
                digits += 1
            } else {
                valid = false
            }
        }
        finish(&self)
    }

    subscript(index: Int) -> Int? {
        switch index {
        case 0: return values.0
        case 1: return values.1
        case 2: return values.2
        case 3: return values.3
        default: return nil
        }
    }

    /// The first parameter, if any.
    var first: Int?? { count > 0 ? self[0] : nil }
}
