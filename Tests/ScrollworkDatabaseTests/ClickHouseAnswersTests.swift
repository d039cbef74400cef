#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ScrollworkTestSupport
@testable import ScrollworkDatabase

/// #69: what a ClickHouse connection makes of answers that are not a server's, with no server:
/// a one-shot listener on a free loopback port answers as told.
@Suite struct ClickHouseAnswersTests {
    @Test("an answer that is not HTTP is a failure said as such, not a connection lost to try again forever; an error answer gives the server's message")
    func answersThatAreNotAServers() throws {
        let garbled = ClickHouseConnection(host: "127.0.0.1", port: try LoopbackListener.answering(["SSH-2.0-OpenSSH_9.2\r\n"]), user: "default", password: "", database: "default")
        do {
            _ = try garbled.query("SELECT 1")
            Issue.record("an SSH greeting is no answer")
        } catch {
            guard case let .failed(_, reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("not HTTP"), "\(reason)")
        }
        let refusing = ClickHouseConnection(host: "127.0.0.1", port: try LoopbackListener.answering(["HTTP/1.1 500 Internal Server Error\r\nContent-Length: 93\r\n\r\nCode: 164, e.displayText() = DB::Exception: Cannot execute query in readonly mode, e.what() = DB::Exception"]),
                                            user: "default", password: "", database: "default")
        #expect(throws: DatabaseError.failed(statement: "SELECT 1\nFORMAT TabSeparatedWithNamesAndTypes", reason: "Cannot execute query in readonly mode")) { try refusing.query("SELECT 1") }
    }

    @Test("a server's message is one line without what is for its developers, also when it quotes another server's")
    func messagesInOneLine() {
        let quoted = "Code: 279, e.displayText() = DB::NetException: All connection tries failed. Log: \n\n Code: 32, e.displayText() = DB::Exception: Attempt to read after eof, e.what() = DB::NetException"
        #expect(ClickHouseConnection.message(Array(quoted.utf8), status: 500) == "All connection tries failed. Log: Code: 32, e.displayText() = DB::Exception: Attempt to read after eof")
        #expect(ClickHouseConnection.message([], status: 502) == "the server answered HTTP 502")
    }

    @Test("the anchors of many orders asked for in a long session are kept for the latest only, the ones in use staying")
    func anchorsOfManyOrdersStayBounded() throws {
        let anchors = ClickHouseAnchors()
        anchors.remember("kept", at: 100, ["a"])
        for order in 0..<200 {
            anchors.remember("order \(order)", at: 100, ["\(order)"])
            anchors.remember("order \(order)", rows: [["x"], ["y"]], from: 0)
            _ = try anchors.count("filter \(order)") { () throws(DatabaseError) in order }
            // The order in use is read on every page: it stays.
            #expect(anchors.anchor("kept", at: 100) == ["a"])
        }
        #expect(anchors.orderCount == ClickHouseAnchors.mostOrders)
        #expect(anchors.anchor("order 199", at: 100) == ["199"] && anchors.row("order 199", at: 1) == ["y"])
        #expect(anchors.anchor("order 0", at: 100) == nil)
        // A count dropped is counted again, not remembered wrongly.
        #expect(try anchors.count("filter 0") { () throws(DatabaseError) in 7 } == 7)
    }
}
