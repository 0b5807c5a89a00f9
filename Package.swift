// swift-tools-version: 6.1
import PackageDescription

/// Golden Swift output compiled as a library of its own, with warnings as errors: over Combine
/// (`GoldenChat`), or over Swift concurrency (`GoldenChatAsync`).
func goldenTarget(_ schema: String, async: Bool = false) -> Target {
    .target(
        name: "Golden\(schema.prefix(1).uppercased())\(schema.dropFirst())" + (async ? "Async" : ""),
        dependencies: [async ? "ModelgenAsync" : "ModelgenRuntime"],
        path: "Tests/Goldens/\(schema)/" + (async ? "swift-async" : "swift"),
        swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    )
}

let package = Package(
    name: "modelgen",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "modelgen", targets: ["modelgen"]),
        .library(name: "ModelgenCore", targets: ["ModelgenCore"]),
        /// The runtime's core, which every reactive layer shares: for a store of your own.
        .library(name: "ModelgenRuntimeCore", targets: ["ModelgenRuntimeCore"]),
        .library(name: "ModelgenRuntime", targets: ["ModelgenRuntime"]),
        /// The runtime's Swift concurrency layer, which generated Swift over `AsyncSequence` imports.
        .library(name: "ModelgenAsync", targets: ["ModelgenAsync"]),
        /// The runtime's store backed by Cloud Firestore; it needs the `Firestore` trait.
        .library(name: "ModelgenFirestore", targets: ["ModelgenFirestore"]),
        .plugin(name: "ModelgenPlugin", targets: ["ModelgenPlugin"]),
        .plugin(name: "ModelgenCommand", targets: ["ModelgenCommand"]),
    ],
    traits: [
        .trait(name: "Firestore", description: "Builds ModelgenFirestore's FirestoreStore with the Firebase iOS SDK."),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/stencilproject/Stencil.git", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        // Resolved only when a package that depends on modelgen enables the Firestore trait.
        .package(url: "https://github.com/firebase/firebase-ios-sdk.git", "10.24.0"..<"13.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "modelgen",
            dependencies: [
                "ModelgenCore",
                "ModelgenDocuments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "ModelgenCore",
            dependencies: [
                "ModelgenResources",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Stencil", package: "Stencil"),
            ]
        ),
        /// The files of `Templates/` and `Runtimes/` as Swift strings, written by
        /// `scripts/embed-resources`, so that the `modelgen` binary carries them wherever it is copied.
        .target(name: "ModelgenResources"),
        /// The runtime's library-neutral core: the store, values, decoding, incremental operators.
        .target(name: "ModelgenRuntimeCore"),
        /// The runtime's Combine layer, which generated Swift over Combine imports.
        .target(
            name: "ModelgenRuntime",
            dependencies: [
                "ModelgenRuntimeCore",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux, .windows, .android])),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux, .windows, .android])),
            ]
        ),
        /// The runtime's Swift concurrency layer: live streams as `AsyncSequence`s, no Combine.
        .target(name: "ModelgenAsync", dependencies: ["ModelgenRuntimeCore"]),
        /// Stored documents read by a schema's model: `validate-data`'s decoding and Firestore's REST API.
        .target(name: "ModelgenDocuments", dependencies: ["ModelgenCore", "ModelgenRuntimeCore"]),
        .target(
            name: "ModelgenFirestore",
            dependencies: [
                "ModelgenRuntimeCore",
                .product(name: "FirebaseFirestore", package: "firebase-ios-sdk", condition: .when(traits: ["Firestore"])),
            ]
        ),
        .plugin(name: "ModelgenPlugin", capability: .buildTool(), dependencies: ["modelgen"]),
        .plugin(
            name: "ModelgenCommand",
            capability: .command(
                intent: .custom(verb: "generate-models", description: "Write the Kotlin, TypeScript and Swift models to the folders each target's modelgen.yaml names."),
                permissions: [.writeToPackageDirectory(reason: "modelgen writes the generated models into the folders modelgen.yaml names.")]
            ),
            dependencies: ["modelgen"]
        ),
        .executableTarget(name: "embed-resources"),
        .testTarget(name: "ModelgenCoreTests", dependencies: ["ModelgenCore"]),
        .testTarget(name: "modelgenTests", dependencies: ["modelgen", "ModelgenCore", "ModelgenDocuments", "ModelgenRuntime", "EmulatorRunner"]),
        /// The Swift runner's store over Firestore's emulator (runner source that `verify --emulator`
        /// builds into each runner), as a library for the tests that ask the emulator directly.
        .target(name: "EmulatorRunner", dependencies: ["ModelgenRuntimeCore"], path: "Runtimes/verify/swift/emulator"),
        goldenTarget("chat"),
        goldenTarget("shops"),
        goldenTarget("torture"),
        goldenTarget("chat", async: true),
        goldenTarget("shops", async: true),
        goldenTarget("torture", async: true),
        .target(name: "StreamRecorder", dependencies: ["ModelgenRuntime"], path: "Tests/StreamRecorder"),
        /// What the runtime layers' tests share: a document type and a seeded random generator.
        .target(name: "RuntimeTestSupport", dependencies: ["ModelgenRuntimeCore"], path: "Tests/RuntimeTestSupport"),
        .testTarget(name: "ModelgenRuntimeTests", dependencies: ["ModelgenRuntimeCore", "ModelgenRuntime", "StreamRecorder", "RuntimeTestSupport"]),
        .testTarget(name: "ModelgenAsyncTests", dependencies: ["ModelgenAsync", "RuntimeTestSupport"]),
        .testTarget(name: "GoldenSwiftTests", dependencies: ["GoldenChat", "GoldenShops", "GoldenTorture", "ModelgenRuntime", "StreamRecorder"]),
        .testTarget(name: "GoldenAsyncTests", dependencies: ["GoldenChatAsync", "ModelgenAsync"]),
        .testTarget(name: "GeneratedCodeTests", dependencies: ["ModelgenCore"]),
    ]
)
