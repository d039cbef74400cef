import Benchmark
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Sorting a file with the nycflights13 columns (generated here, so nothing is downloaded), as
/// `scrollwork open` sorts it: columns typed from a sample, keys read straight from the bytes on
/// every core; beside the same sort reading whole records on one, in the same run.
func flightsSortBenchmarks() {
    let heavy = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3)
    for rows in [1_000_000, 10_000_000] {
        let path = "/tmp/scrollwork-flights-reals-\(rows).csv"
        let sorts: [(label: String, order: [SortOrder])] = [
            ("sched_dep_time (integers)", [SortOrder(columnID: "4")]),
            ("dep_delay (reals, missing values empty)", [SortOrder(columnID: "5")]),
            ("tailnum (text)", [SortOrder(columnID: "11")]),
            ("carrier then dep_delay (two keys)", [SortOrder(columnID: "9"), SortOrder(columnID: "5")]),
        ]
        for sort in sorts {
            Benchmark("flights csv \(rows) rows: sort by \(sort.label)", configuration: heavy) { benchmark in
                let table = flightsTable(path, rows: rows, fromBytes: true)
                benchmark.startMeasurement()
                let result = table.sortJob(for: sort.order).run(concurrently: .processors)
                benchmark.stopMeasurement()
                blackHole(result)
            }
        }
        if rows == 1_000_000 {
            // JSON Lines beside CSV: the same rows, sorted the same ways, in the same run.
            for sort in sorts {
                Benchmark("flights jsonl \(rows) rows: sort by \(sort.label)", configuration: heavy) { benchmark in
                    let table = flightsJSONTable("/tmp/scrollwork-flights-reals-\(rows).jsonl", rows: rows)
                    benchmark.startMeasurement()
                    let result = table.sortJob(for: sort.order).run(concurrently: .processors)
                    benchmark.stopMeasurement()
                    blackHole(result)
                }
            }
        }
        indexBenchmark("flights csv \(rows) rows: index the whole file", path: path, configuration: heavy) { makeFlightsCSV(path, rows: rows) }
        // `/` for text the file does not hold: the whole file read and scanned, as for a match
        // in its last row.
        Benchmark("flights csv \(rows) rows: search the whole file", configuration: heavy) { benchmark in
            makeFlightsCSV(path, rows: rows)
            guard let file = try? FileBytes(path: path), let search = TextSearch("no such flight") else { return }
            benchmark.startMeasurement()
            let found = try? search.first(in: file, from: 0, concurrently: .processors)
            benchmark.stopMeasurement()
            blackHole(found)
        }
        // The same first sort reading whole records (a string a field), as before keys were read
        // from the bytes.
        Benchmark("flights csv \(rows) rows: sort by sched_dep_time (integers), reading records", configuration: heavy) { benchmark in
            let table = flightsTable(path, rows: rows, fromBytes: false)
            benchmark.startMeasurement()
            let result = table.sortJob(for: [SortOrder(columnID: "4")]).run()
            benchmark.stopMeasurement()
            blackHole(result)
        }
    }
}

/// The flights file at `path` (made first if missing), indexed whole, as a table of its fields;
/// without `fromBytes` the columns read keys from whole records.
/// The same flights as JSON Lines (numbers bare, missing values null, the rest as strings), made from
/// the CSV file of as many rows unless it is there already.
func makeFlightsJSONLines(_ path: String, rows: Int) {
    if access(path, F_OK) == 0 { return }
    let csv = "/tmp/scrollwork-flights-reals-\(rows).csv"
    makeFlightsCSV(csv, rows: rows)
    guard let file = try? FileBytes(path: csv), let all = try? file.read(at: 0, count: Int(file.size)) else { fatalError("no \(csv)") }
    var lines = String(decoding: all, as: UTF8.self).split(separator: "\n")
    let header = lines.removeFirst().split(separator: ",").map(String.init)
    writeGenerated(path, header: nil, rows: lines.count) { i in
        let fields = lines[i].split(separator: ",", omittingEmptySubsequences: false)
        let members = zip(header, fields).map { key, value in
            let json = value.isEmpty ? "null" : Double(value) != nil ? String(value) : "\"\(value)\""
            return "\"\(key)\": \(json)"
        }
        return "{" + members.joined(separator: ", ") + "}"
    }
}

/// The flights JSON Lines file of `rows` rows as `scrollwork open` shows it: keys from the first
/// thousand records, columns typed from the first 5,000, keys read straight from the bytes.
private func flightsJSONTable(_ path: String, rows: Int) -> TableState<DelimitedRecord> {
    makeFlightsJSONLines(path, rows: rows)
    guard let file = try? FileBytes(path: path) else { fatalError("no benchmark file at \(path)") }
    var index = RecordIndex(quotes: false, separator: 0x0A)
    while (try? index.extend(from: file)) == false {}
    let keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<1000, after: [])
    let source = JSONLinesRows(file: file, index: index, keys: keys)
    let shown = source.rows(in: 0..<5000)
    return TableState(rows: source, columns: keys.indices.map { TableColumn.field($0, title: keys[$0], sample: shown) })
}

private func flightsTable(_ path: String, rows: Int, fromBytes: Bool) -> TableState<DelimitedRecord> {
    makeFlightsCSV(path, rows: rows)
    guard let file = try? FileBytes(path: path), let sample = try? file.read(at: 0, count: 64 << 10) else { fatalError("no benchmark file at \(path)") }
    var index = RecordIndex()
    while (try? index.extend(from: file)) == false {}
    let source = DelimitedRows(file: file, index: index, dialect: DelimitedDialect.detect(sample: sample, hint: "csv"))
    let header = source.header ?? []
    let shown = source.rows(in: 0..<5000)
    let columns = header.indices.map { c in
        var column = TableColumn.field(c, title: header[c], sample: shown)
        if !fromBytes { column.sourceValues = nil }
        return column
    }
    return TableState(rows: source, columns: columns)
}

/// Writes `rows` flights with the columns of nycflights13's flights table (and a header) to
/// `path` unless it is there already, as the table exported by pandas looks: integers; the times
/// and delays a cancelled flight lacks as reals written with `.0`, its missing values empty;
/// short codes and tail numbers (some missing), and timestamps.
func makeFlightsCSV(_ path: String, rows: Int) {
    let carriers = ["UA", "AA", "B6", "DL", "EV", "MQ", "US", "WN", "VX", "FL", "AS", "9E", "F9", "HA", "YV", "OO"]
    let airports = ["EWR", "LGA", "JFK"], destinations = ["IAH", "MIA", "BQN", "ATL", "ORD", "FLL", "IAD", "MCO", "PBI", "TPA", "LAX", "SFO", "DFW", "BOS", "LAS"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }
    func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let header = "year,month,day,dep_time,sched_dep_time,dep_delay,arr_time,sched_arr_time,arr_delay,carrier,flight,tailnum,origin,dest,air_time,distance,hour,minute,time_hour"
    writeGenerated(path, header: header, rows: rows) { _ in
        let month = 1 + next(12), day = 1 + next(28)
        let schedHour = 5 + next(18), schedMinute = next(60)
        let sched = schedHour * 100 + schedMinute
        let cancelled = next(40) == 0
        let delay = next(10) < 7 ? next(30) - 15 : next(300) - 20
        // A real as pandas writes one (2.0), or nothing for a flight that never left.
        func real(_ n: Int) -> String { cancelled ? "" : "\(n).0" }
        let depTime = real((sched + delay + 2400) % 2400)
        let depDelay = real(delay)
        let arrDelay = real(delay + next(40) - 20)
        let air = 30 + next(600)
        let schedArr = (sched + air * 100 / 60 + 2400) % 2400
        let arrTime = real((schedArr + delay + 2400) % 2400)
        let tail = next(50) == 0 ? "" : "N\(100 + next(900))\(["UA", "AA", "JB", "DL", "EV"][next(5)])"
        let airTime = real(air)
        return "2013,\(month),\(day),\(depTime),\(sched),\(depDelay),\(arrTime),\(schedArr),\(arrDelay),\(carriers[next(carriers.count)]),"
            + "\(1 + next(6000)),\(tail),\(airports[next(3)]),\(destinations[next(destinations.count)]),\(airTime),\(100 + next(4900)),"
            + "\(schedHour),\(schedMinute),2013-\(twoDigits(month))-\(twoDigits(day)) \(twoDigits(schedHour)):00:00"
    }
}
