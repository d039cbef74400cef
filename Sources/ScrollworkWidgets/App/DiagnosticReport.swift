import Scrollwork

/// The line standard error gets for `diagnostic`: `guideline LT-07 warning: …`, with control
/// characters (from a heading, say) as U+FFFD, since what reaches a terminal is text.
package func reportLine(for diagnostic: Diagnostic) -> String {
    let scalars = ("guideline " + diagnostic.description).unicodeScalars.map { scalar in
        scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar
    }
    return String(String.UnicodeScalarView(scalars)) + "\n"
}

/// Writes `diagnostics` to standard error, a line each (``reportLine(for:)``), for the developer
/// running a debug build.
package func writeToStandardError(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        let bytes = Array(reportLine(for: diagnostic).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(2, bytes, from: offset)
            // Standard error closed or full: the report is advisory, so it ends here.
            guard written > 0 else { return }
            offset += written
        }
    }
}
