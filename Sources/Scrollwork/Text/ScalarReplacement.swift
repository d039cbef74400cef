extension String {
    /// The text with every `scalar` replaced by `replacement`, read scalar by scalar, as the
    /// bytes a quoting or escaping rule is applied to are read: Swift's own `replacing(_:with:)`
    /// and `contains(_:)` compare characters, so a quote followed by a combining mark (one
    /// character, `"́`) would be left as it is, and end a quoted name early where a database or
    /// a file reads it.
    public func replacingScalar(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(scalar) else { return self }
        var out = String.UnicodeScalarView()
        for s in unicodeScalars {
            if s == scalar { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(s) }
        }
        return String(out)
    }

    /// True when the text holds `scalar` anywhere, a combining mark after it or not.
    public func containsScalar(_ scalar: Unicode.Scalar) -> Bool { unicodeScalars.contains(scalar) }
}
