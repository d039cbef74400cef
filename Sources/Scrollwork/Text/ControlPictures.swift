extension Unicode.Scalar {
    /// True for C0 and C1 control characters and DEL: a terminal acts on them instead of showing
    /// them, so text from outside (rows, pastes, files) must never reach it with them in.
    public var isControlCharacter: Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// What a host draws for this scalar when it is a control character: its Unicode control
    /// picture (␀…␟, ␡), or U+FFFD for the C1 controls, which have none. Any other scalar is
    /// itself.
    public var visibleSubstitute: Unicode.Scalar {
        switch value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + value)!
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0: return "\u{FFFD}"
        default: return self
        }
    }
}
