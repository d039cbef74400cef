#if Window
// The window's screen-reader bridge, read by a real AT-SPI client.
import Foundation
import Testing

extension DesktopEndToEndTests {
    /// `scrollwork --window` on a desktop of its own (Xvfb, a session bus, the accessibility bus
    /// and its registry), read by pyatspi, the library Orca is built on, in the scripts under
    /// `AtspiClients/`: what a screen reader finds and hears.
    @Suite(.serialized) struct AccessibilityEndToEndTests {
        /// The directory of the clients, beside this file.
        static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AtspiClients")

        /// Runs `client` against `scrollwork` started with `arguments`, and returns what it printed
        /// and its status.
        /// `portal`, when given, is what a stand-in for the desktop's settings portal says
        /// (`fake_portal.py`: "text-scaling-factor=2.0;contrast=1").
        /// `nextPortal`, what it says once told the settings changed (`desktop_live.py` tells it).
        /// `windowManager`, when given, is run on the desktop first ("openbox"), and frames the window.
        static func read(_ client: String, _ arguments: [String], portal: String? = nil, nextPortal: String? = nil,
                         windowManager: String? = nil) throws -> (status: Int32, output: String) {
            let session = clients.appendingPathComponent("session.sh").path
            let script = clients.appendingPathComponent(client).path
            var environment = portal.map { ["FAKE_PORTAL=\($0)"] + (nextPortal.map { ["FAKE_PORTAL_NEXT=\($0)"] } ?? []) } ?? []
            environment += windowManager.map { ["WINDOW_MANAGER=\($0)"] } ?? []
            if !environment.isEmpty { environment.insert("env", at: 0) }
            return try Tmux.run(environment + ["timeout", "180", "dbus-run-session", "--", "sh", session, Tmux.scrollwork, script] + arguments)
        }

        @Test func aScreenReaderReadsTheGallerysTableOfAMillionRowsAndFollowsFocus() throws {
            let result = try Self.read("gallery_table.py", ["--page", "table", "--window"])
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            // Each check printed its line: a client that stopped early fails above, one that never
            // ran (no pyatspi) prints none.
            #expect(result.output.components(separatedBy: "\nok ").count > 20, "\(result.output)")
        }

        @Test("LT-12: Orca taken through the gallery announces the table of a million rows and reads a row, a row's menu and the primary menu, a page change, Tab into a list and down it, the help, and an outline node opened and closed")
        func LT_12_orcaReadsMenusListsHelpAndPages() throws {
            let result = try Self.read("orca_tour.py", ["--page", "table", "--window"])
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            #expect(result.output.components(separatedBy: "\nok ").count > 18, "\(result.output)")
        }

        @Test("under a window manager, which draws the window's title bar, the gallery draws no title bar of its own: the page starts at the window's top, and the tabs, F1 and F10 do what its buttons did")
        func noSecondTitleBarUnderAWindowManager() throws {
            let framed = try Self.read("desktop_frame.py", ["--page", "table", "--window"], windowManager: "openbox")
            #expect(framed.status == 0, "the client's checks:\n\(framed.output)")
            #expect(framed.output.contains("\nok the table starts at the window's top"), "\(framed.output)")
            // Without one, the gallery's own bar names the page and holds its buttons.
            let bare = try Self.read("desktop_frame.py", ["--page", "table", "--window"])
            #expect(bare.status == 0 && bare.output.contains("\nok the gallery's own title bar"), "the client's checks:\n\(bare.output)")
        }

        @Test func aScreenReadersActionsExpandARowAndTurnPages() throws {
            // The phone's idiom, asked for: its pages are reached by dots, the slider the client turns.
            let result = try Self.read("gallery_actions.py", ["--page", "outline", "--window", "--idiom", "iOS"])
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            #expect(result.output.components(separatedBy: "\nok ").count > 15, "\(result.output)")
        }

        @Test("LT-05: the desktop's text scale, read from its settings portal, makes the window's rows taller, as a screen reader measures them")
        func LT_05_textScaleFromThePortal() throws {
            func rowHeight(_ portal: String) throws -> Int {
                let result = try Self.read("desktop_settings.py", ["--page", "table", "--window"], portal: portal)
                #expect(result.status == 0, "the client's checks:\n\(result.output)")
                let line = result.output.split(separator: "\n").first { $0.hasPrefix("row height: ") }
                return try #require(line.flatMap { Int($0.dropFirst("row height: ".count)) }, "\(result.output)")
            }
            let usual = try rowHeight("text-scaling-factor=1.0")
            let large = try rowHeight("text-scaling-factor=2.0;enable-animations=false;contrast=1")
            #expect(usual > 0 && Double(large) >= 1.2 * Double(usual), "rows \(usual) and \(large) pixels tall")
        }

        @Test("LT-05: the desktop's text scale changed while the window is open (the portal's SettingChanged) makes its rows taller at once, as GTK's do")
        func LT_05_textScaleFollowedWhileOpen() throws {
            let result = try Self.read("desktop_live.py", ["--page", "table", "--window"], portal: "text-scaling-factor=1.0", nextPortal: "text-scaling-factor=2.0")
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            func height(_ label: String) -> Int? {
                result.output.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap { Int($0.dropFirst(label.count)) }
            }
            let before = try #require(height("row height before: "), "\(result.output)")
            let after = try #require(height("row height after: "), "\(result.output)")
            #expect(before > 0 && Double(after) >= 1.2 * Double(before), "rows \(before) and then \(after) pixels tall")
        }

        @Test("the desktop turning dark while the window is open (the portal's colour scheme) turns the window dark at once, as GTK's do")
        func darkModeFollowedWhileOpen() throws {
            let result = try Self.read("desktop_colours.py", ["--page", "table", "--window"], portal: "color-scheme=2", nextPortal: "color-scheme=1")
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            #expect(result.output.contains("brightness after: "), "\(result.output)")
        }

        /// Opens a file called `name` holding `lines` in the viewer's window for `client`.
        static func open(_ name: String, _ lines: [String], for client: String) throws -> (status: Int32, output: String) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-atspi-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent(name)
            try lines.joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
            return try read(client, ["open", file.path, "--window"])
        }

        @Test func aScreenReaderSortsTheViewersTableAndReadsTheSortedRecord() throws {
            let result = try Self.open("scores.csv", ["id,name,score"] + (0..<1000).map { "\($0),item-\($0),\($0 * 7919 % 1000)" }, for: "viewer_table.py")
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            #expect(result.output.components(separatedBy: "\nok ").count > 10, "\(result.output)")
        }

        @Test("SV-01: Orca follows the pager's text as it scrolls: the top line on focus, the line scrolled to after each Down and after End")
        func SV_01_orcaFollowsThePagerAsItScrolls() throws {
            let result = try Self.open("lines.txt", (1...500).map { "line \($0)" }, for: "orca_pager.py")
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            #expect(result.output.components(separatedBy: "\nok ").count > 4, "\(result.output)")
        }

        @Test func aScreenReaderReadsThePagersTextLineByLine() throws {
            let result = try Self.open("lines.txt", (1...500).map { "line \($0)" }, for: "viewer_text.py")
            #expect(result.status == 0, "the client's checks:\n\(result.output)")
            #expect(result.output.components(separatedBy: "\nok ").count > 7, "\(result.output)")
        }
    }
}
#endif
