import Benchmark
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkViewer
import ScrollworkWidgets

/// A CSV on a web server beside the same file on disk, as `scrollwork open` reads them: the
/// first screen (opened, typed from its sample, drawn), and the whole index that `G` waits for.
/// Only when `SCROLLWORK_BENCH_HTTP` names the file's URL and `SCROLLWORK_BENCH_HTTP_FILE` its
/// path (`scripts/bench --http` makes the file, serves it with lighttpd, and times curl beside).
func webFileBenchmarks() {
    guard let url = getenv("SCROLLWORK_BENCH_HTTP").map({ String(cString: $0) }),
          let path = getenv("SCROLLWORK_BENCH_HTTP_FILE").map({ String(cString: $0) }) else { return }
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)
    for (place, name) in [("http", url), ("disk", path)] {
        Benchmark("web csv over \(place): first screen", configuration: configuration) { benchmark in
            benchmark.startMeasurement()
            guard case var .table(viewer)? = try? OpenFile.opened(path: name, separator: nil, header: nil, theme: Theme.standard(for: .palette256)) else { return }
            var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
            viewer.render(into: &canvas, at: 0)
            benchmark.stopMeasurement()
            blackHole(canvas.cells)
            blackHole(viewer.cancelAllWork())
        }
        Benchmark("web csv over \(place): index to the end (G)", configuration: configuration) { benchmark in
            let file = place == "http" ? try? FileBytes(url: name) : try? FileBytes(path: name)
            guard let file else { return }
            benchmark.startMeasurement()
            var index = RecordIndex()
            while (try? index.extend(from: file)) == false {}
            benchmark.stopMeasurement()
            blackHole(index.count)
        }
    }
}
