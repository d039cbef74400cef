import Testing
@testable import ScrollworkWidgets

@Suite struct ColorModeTests {
    @Test func noColorWinsOverEverything() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"]) == .none)
    }

    @Test func emptyNoColorIsIgnored() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "", "TERM": "xterm"]) == .ansi16)
    }

    @Test func colorTermThenTerm() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit", "TERM": "xterm"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["TERM": "screen-256color"]) == .palette256)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"]) == .none)
        #expect(ColorMode.detect(environment: [:]) == .none)
    }
}
