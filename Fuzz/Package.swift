// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer target for modelgen's loader, validator and renderers: scripts/fuzz builds it
// with --sanitize=fuzzer --sanitize=address and runs it over a corpus seeded from schemas/
// and Tests/BadSchemas/.
let package = Package(
    name: "ModelgenFuzz",
    dependencies: [.package(name: "modelgen", path: "..")],
    targets: [
        .executableTarget(name: "ModelgenFuzzer", dependencies: [.product(name: "ModelgenCore", package: "modelgen")]),
    ]
)
