// swift-tools-version: 6.1
import PackageDescription

// modelgen's benchmarks: run them all with `Benchmarks/run` (see the README). The Swift ones
// use ordo-one/benchmark; Benchmarks/run adds the Kotlin and TypeScript runtimes, the type-check
// of a large generated model and the plugin's no-op build, and prints the table of targets.
let package = Package(
    name: "modelgen-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "modelgen", path: ".."),
        // No traits: the figures are wall-clock times, and the default malloc and ARC interposers
        // (for allocation metrics) add a cost to every allocation that the generator and the
        // runtimes do not have outside the harness.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: []),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        .target(name: "Synthetic", path: "Synthetic"),
        .executableTarget(name: "synthesize", dependencies: ["Synthetic"], path: "synthesize"),
        .executableTarget(name: "toolchain", dependencies: [.product(name: "ModelgenCore", package: "modelgen")], path: "toolchain"),
        .executableTarget(
            name: "Generator",
            dependencies: [
                "Synthetic",
                .product(name: "ModelgenCore", package: "modelgen"),
                .product(name: "_OpenAPIGeneratorCore", package: "swift-openapi-generator"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Generator",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "Models",
            dependencies: [.product(name: "ModelgenRuntime", package: "modelgen")],
            path: "Models",
            exclude: ["modelgen.yaml"],
            plugins: [.plugin(name: "ModelgenPlugin", package: "modelgen")]
        ),
        .target(
            name: "AsyncModels",
            dependencies: [.product(name: "ModelgenAsync", package: "modelgen")],
            path: "AsyncModels",
            exclude: ["modelgen.yaml"],
            plugins: [.plugin(name: "ModelgenPlugin", package: "modelgen")]
        ),
        .executableTarget(
            name: "SwiftRuntime",
            dependencies: [
                "Models",
                "AsyncModels",
                .product(name: "ModelgenRuntime", package: "modelgen"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SwiftRuntime",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
