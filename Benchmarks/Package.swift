// swift-tools-version: 6.1
// The benchmarks of Scrollwork, kept in their own package so that the library's build and tests
// stay fast. Run them with scripts/bench from the repository root.
import PackageDescription

let package = Package(
    name: "ScrollworkBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Scrollwork", path: "..", traits: ["Window"]),  // the pixel host's frames too
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ScrollworkBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Scrollwork", package: "Scrollwork"),
                .product(name: "ScrollworkWidgets", package: "Scrollwork"),
                .product(name: "ScrollworkTerminal", package: "Scrollwork"),
                .product(name: "ScrollworkFiles", package: "Scrollwork"),
                .product(name: "ScrollworkPixels", package: "Scrollwork"),
                .product(name: "ScrollworkDatabase", package: "Scrollwork"),
                .product(name: "ScrollworkViewer", package: "Scrollwork"),
            ],
            path: "Benchmarks/ScrollworkBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
