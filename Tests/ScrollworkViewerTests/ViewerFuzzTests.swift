import Foundation
import Glibc
import PropertyBased
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// Random people at the viewers of `scrollwork open`: keys (every command's, movement, prompts
/// typed into and cancelled), clicks and wheels anywhere, pastes of control characters, resizes
/// down to nothing, time passing and background work finishing in between. Nothing may trap,
/// and a frame is drawn after every step.
@Suite struct ViewerFuzzTests {
    /// The keys a person might press, the viewers' commands among them.
    static let keys: [KeyEvent] = {
        var keys = "qgGF/nN?|=!ufI[]$-+_{}P#wcjkx0e%:~ \u{7F}".map { KeyEvent(.character($0)) }
        keys += [KeyEvent(.up), KeyEvent(.down), KeyEvent(.left), KeyEvent(.right), KeyEvent(.pageUp), KeyEvent(.pageDown),
                 KeyEvent(.home), KeyEvent(.end), KeyEvent(.enter), KeyEvent(.escape), KeyEvent(.tab), KeyEvent(.backspace),
                 KeyEvent(.character("s"), .control), KeyEvent(.character("c"), .alt), KeyEvent(.character("a"), .control),
                 KeyEvent(.down, .shift), KeyEvent(.character("u"), .control)]
        return keys
    }()

    /// Step `n` of a run drawn from `choice`: an event, time, work or a resize.
    static func step<A: App>(_ t: inout HeadlessTerminal<A>, _ choice: Int, _ n: Int) {
        switch choice % 10 {
        case 0...5: t.send(.key(keys[n % keys.count]))
        case 6:
            let kinds: [MouseEvent.Kind] = [.press, .release, .wheel(.down), .wheel(.up), .drag]
            t.send(.mouse(MouseEvent(kinds[n % kinds.count], column: (n * 7) % (t.columns + 3) - 1, row: (n * 3) % (t.rows + 3) - 1)))
        case 7: t.send(.paste(["\u{1B}[31mred", "a=b", "\u{0}\u{7}\n\t", "é\u{301}✈", "(a+)+$"][n % 5]))
        case 8: _ = t.runWork()
        default:
            if n % 7 == 0 { t.resize(columns: [0, 1, 5, 40, 120][n % 5], rows: [0, 1, 3, 12, 40][n % 5]) }
            t.advance(by: [0.01, 0.2, 1.1, 3][n % 4])
        }
    }

    static func run<A: App>(_ app: A, choices: [Int]) {
        var t = HeadlessTerminal(app, columns: 80, rows: 20)
        for (n, choice) in choices.enumerated() {
            step(&t, choice, n &* 31 &+ choice)
            if t.wantsQuit { break }
        }
        t.advance(by: 1)
        // Let the work left run out, as the loop would.
        var rounds = 0
        while t.runWork(), rounds < 200 { rounds += 1 }
        t.draw()
    }

    /// A small file of each kind, with the odd bits people's files have.
    static let csv = "id,name,delay,note\n" + (1...300).map { "\($0),n\($0 % 7),\($0 % 5 == 0 ? "NA" : String($0 * 3 % 41 - 9)),\"a, \"\"q\"\"\nline\"" }.joined(separator: "\n") + "\n3,x\n"
    static let jsonl = (1...200).map { #"{"id": \#($0), "v": \#($0 % 9), "t": "x\u00e9\#($0)"}"# }.joined(separator: "\n") + "\n[1]\n{\"late\": null}\n"
    static let text = (1...300).map { "log \($0) " + String(repeating: "w ", count: $0 % 60) + "\u{1B}[2J" }.joined(separator: "\n")

    @Test("random people at a table, a JSON Lines table, the pager and a folder: nothing traps")
    func randomPeople() async throws {
        let csv = TemporaryFile(name: "fuzz.csv", Self.csv)
        let jsonl = TemporaryFile(name: "fuzz.jsonl", Self.jsonl)
        let text = TemporaryFile(name: "fuzz.log", Self.text)
        let folder = (csv.path as NSString).deletingLastPathComponent
        await propertyCheck(count: 40, input: Gen.int(in: 0...999).array(of: 50...300), Gen.int(in: 0...3)) { choices, which in
            switch which {
            case 0: Self.run(try OpenFile.viewer(path: csv.path, separator: nil, header: nil, theme: Theme()), choices: choices)
            case 1: Self.run(try OpenFile.viewer(path: jsonl.path, separator: nil, header: nil, theme: Theme()), choices: choices)
            case 2:
                guard case let .pager(pager) = try OpenFile.opened(path: text.path, separator: nil, header: nil, theme: Theme()) else { return }
                Self.run(pager, choices: choices)
            default:
                guard case let .directory(viewer) = try OpenFile.opened(path: folder, separator: nil, header: nil, theme: Theme()) else { return }
                Self.run(viewer, choices: choices)
            }
        }
    }
}
