import Scrollwork
import ScrollworkTesting
import Testing

/// The "Edit mode" article's app does what the article says.
@Suite struct EditModeExampleTests {
    @Test("LT-03: e shows ⊖ and ≡; d deletes, Alt+↑ moves, u undoes; out of edit mode d does nothing")
    func LT_03_namesEdit() throws {
        let names = Pilot(Names(), columns: 30, rows: 8)
        names.press(.down).press(.down)                       // Grace
        names.type("d")
        #expect(names.app.content.numberOfRows == 5, "not in edit mode")
        names.type("e")
        #expect(names.contains("⊖") && names.contains("≡"))
        names.type("d")
        #expect(names.app.content.numberOfRows == 4 && !names.contains("Grace"))
        names.type("u")
        #expect(names.app.content.numberOfRows == 5 && names.contains("Grace"))
        names.press(.down).press(.up, .alt)                    // Alan above Grace
        #expect(names.position(of: "Alan")!.row < names.position(of: "Grace")!.row)
        names.press(.up, .alt).press(.up, .alt).press(.up, .alt)
        #expect(names.app.status.hasPrefix("row -1 of section 0 does not exist"), "moving past the top says why: \(names.app.status)")
    }
}
