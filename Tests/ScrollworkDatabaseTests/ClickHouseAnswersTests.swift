#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Scrollwork
import ScrollworkFiles
import Testing
import ScrollworkTestSupport
@testable import ScrollworkDatabase

/// #69: what a ClickHouse connection makes of answers that are not a server's, with no server:
/// a one-shot listener on a free loopback port answers as told.
@Suite struct ClickHouseAnswersTests {
    @Test("#69: a statement asked with progress hears the server's progress headers while it runs, and its rows after")
    func progressWhileItRuns() throws {
        let gate = LoopbackListener.Gate()
        // As a ClickHouse server writes them (its documented headers), the rest held back until
        // the first is heard: heard only at the end, the statement would wait and fail.
        let port = try LoopbackListener.answering(
            "HTTP/1.1 200 OK\r\nX-ClickHouse-Progress: {\"read_rows\":\"2752512\",\"read_bytes\":\"240570816\",\"total_rows_to_read\":\"8880128\"}\r\n",
            then: "X-ClickHouse-Progress: {\"read_rows\":\"8880128\",\"read_bytes\":\"776735800\",\"total_rows_to_read\":\"8880128\"}\r\n"
                + "Content-Length: 23\r\n\r\nk\tcount()\nUInt8\tUInt64\n",
            after: gate)
        let connection = ClickHouseConnection(host: "127.0.0.1", port: port, user: "default", password: "", database: "default")
        final class Heard: @unchecked Sendable { var fractions: [Double] = [] }
        let heard = Heard()
        let result = try connection.query("SELECT k, count() FROM t GROUP BY k", progress: { fraction in
            heard.fractions.append(fraction)
            gate.open()
        })
        #expect(result.names == ["k", "count()"] && result.types == ["UInt8", "UInt64"])
        #expect(heard.fractions.count == 2 && abs(heard.fractions[0] - 2_752_512.0 / 8_880_128) < 1e-9 && heard.fractions[1] == 1, "\(heard.fractions)")
    }

    @Test("#69: a table asked to report progress tells it through each of its statements, each in its part of the work: a frequency table's grouping the first half, its count the second")
    func tableReportsItsStatementsProgress() throws {
        func answer(_ body: String, progress: [Int] = []) -> String {
            let headers = progress.map { "X-ClickHouse-Progress: {\"read_rows\":\"\($0)\",\"total_rows_to_read\":\"10\"}\r\n" }.joined()
            return "HTTP/1.1 200 OK\r\n" + headers + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        }
        let port = try LoopbackListener.answering([
            answer("name\ttype\nString\tString\nk\tUInt8\n"),
            answer("k\tcount()\nUInt8\tUInt64\n1\t6\n2\t4\n", progress: [5, 10]),
            answer("count()\nUInt64\n10\n", progress: [5, 10]),
        ])
        let connection = ClickHouseConnection(host: "127.0.0.1", port: port, user: "default", password: "", database: "default")
        let table = try ClickHouseTable(name: "t", engine: "MergeTree", sortingKey: "k", connection: connection)
        let heard = Locked<[Double]>([])
        let frequency = try table.reportingProgress { fraction in heard.withLock { $0.append(fraction) } }
            .frequency(ofColumn: 0, where: [], limit: 10, keepGoing: nil)
        #expect(frequency.total == 10 && frequency.entries.map(\.count) == [6, 4])
        #expect(heard.withLock { $0 } == [0.25, 0.5, 0.75, 1])
    }

    @Test("#69: a progress header says the fraction of the rows read, held to 0…1; one without a total, or another header, says nothing")
    func progressHeaders() {
        func fraction(_ value: String, name: String = "X-ClickHouse-Progress") -> Double? { ClickHouseConnection.progress(HTTPHeader(name, value)) }
        #expect(fraction(#"{"read_rows":"250","read_bytes":"2000","written_rows":"0","total_rows_to_read":"1000","result_rows":"0"}"#) == 0.25)
        #expect(fraction(#"{"read_rows":"2000","total_rows_to_read":"1000"}"#) == 1, "a total that grew as a distributed table's shards answered")
        #expect(fraction(#"{"read_rows":"5","total_rows_to_read":"0"}"#) == nil && fraction(#"{"read_rows":"5"}"#) == nil)
        #expect(fraction("", name: "x-clickhouse-progress") == nil && fraction(#"{"read_rows":"5","total_rows_to_read":"10"}"#, name: "X-ClickHouse-Summary") == nil)
        #expect(fraction(#"{"read_rows":"5","total_rows_to_read":"10"}"#, name: "x-clickhouse-PROGRESS") == 0.5)
    }

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
