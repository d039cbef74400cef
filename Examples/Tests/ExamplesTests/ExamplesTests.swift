import Scrollwork
import ScrollworkTesting
import ScrollworkWidgets
import Testing
@testable import FilesTable
@testable import OwnSource
import ScrollworkViewer
@testable import Reader
@testable import Settings
@testable import StarRating

/// The examples driven as a person would, through the test kit alone.
@Suite struct ExamplesTests {
    @Test("the files table: 2 sorts by Size in the background, again reverses; Shift+F10 opens the row's menu and Copy Name names the focused file; q quits")
    func filesTable() throws {
        let files = Pilot(FilesTable(), columns: 60, rows: 12)
        #expect(files.contains("file-0"))
        files.type("2").runAllWork()
        #expect(files.app.content.state.sortOrder.first?.ascending == true && files.app.content.state.sortOrder.first?.columnID == files.app.content.state.columns[1].id)
        #expect(files.contains("file-0"), "size 0 first")
        files.type("2").runAllWork()
        #expect(files.app.content.state.sortOrder.first?.ascending == false)
        files.press(.down).press(.function(10), .shift)
        #expect(files.contains("Copy Name"))
        try files.click("Copy Name")
        #expect(files.app.status.hasPrefix("copied file-") && files.app.menu == nil)
        files.type("q")
        #expect(files.wantsQuit)
    }

    @Test("a table source of one's own: o sorts by the current column, Enter shows the focused row whole on a page of its own, Esc comes back to the table as it was")
    func ownSource() throws {
        let cities = Pilot(TableViewer(MemoryTable(columnTitles: ["city", "people"], records: [["Nice", "348085"], ["Lyon", "522250"]])), columns: 60, rows: 8)
        cities.type("o").runAllWork()
        #expect(cities.app.status.contains("sorted by city ▲") && (cities.position(of: "Lyon")?.row ?? 99) < (cities.position(of: "Nice")?.row ?? 0))
        cities.press(.enter)
        #expect(cities.contains("every field whole") && cities.contains("522250"))
        cities.press(.escape)
        #expect(cities.contains("sorted by city ▲") && cities.contains("Nice"))
    }

    @Test("the reader: → turns to the next chapter; a click on the third dot to The Storm; Ctrl-C quits")
    func reader() throws {
        let reader = Pilot(Reader(), columns: 40, rows: 12)
        #expect(reader.press(.right).advance(by: 1).contains("Arrival"))
        try reader.click("●", occurrence: 3).advance(by: 1)
        #expect(reader.contains("The Storm") && reader.element(.pageControl)?.value == "page 3 of 5")
        reader.press(.character("c"), .control)
        #expect(reader.wantsQuit)
    }

    @Test("settings: Enter drills into General, ‹ Settings comes back to the list as it was")
    func settings() throws {
        let settings = Pilot(SettingsApp(), columns: 50, rows: 14)
        settings.press(.down).press(.enter).advance(by: 1)
        #expect(settings.contains("‹ Settings") && settings.contains("Software Update"))
        try settings.click("‹ Settings").advance(by: 1)
        #expect(settings.contains("Privacy") && !settings.contains("‹ Settings"))
        #expect(settings.element(.group)?.name == "Settings")
    }

    @Test("the star rating: a click on the fourth star sets four; → five; a screen reader reads a slider")
    func starRating() throws {
        let rating = Pilot(RatingApp(), columns: 20, rows: 3)
        rating.click(column: 3, row: 0)
        #expect(rating.app.content.stars == 4 && rating.contains("★★★★☆"))
        rating.press(.right)
        #expect(rating.element(.slider)?.value == "5 of 5 stars")
        rating.type("q")
        #expect(rating.wantsQuit)
    }
}
