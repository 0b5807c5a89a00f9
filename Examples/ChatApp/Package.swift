// swift-tools-version: 6.2
import PackageDescription

// An app that keeps its model in a modelgen schema: the build plugin turns
// Sources/ChatModel/chat.modelgen.yaml into Swift at build time. The ChatModel target also holds
// a Swift file of its own (ChatRoomFeed.swift): SwiftPM drops a target without one.
// Every target has the settings of a new Xcode 26 app target: the main actor as the default
// isolation, and approachable concurrency with the other upcoming features a new project enables.
let appTarget: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ChatApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        // In your app: .package(url: "https://github.com/<owner>/modelgen.git", from: "0.1.0")
        .package(name: "modelgen", path: "../.."),
    ],
    targets: [
        .target(
            name: "ChatModel",
            dependencies: [.product(name: "ModelgenRuntime", package: "modelgen")],
            exclude: ["chat.modelgen.yaml", "modelgen.yaml"],
            swiftSettings: appTarget,
            plugins: [.plugin(name: "ModelgenPlugin", package: "modelgen")]
        ),
        // The same schema over Swift concurrency: a target that depends on ModelgenAsync gets it.
        .target(
            name: "ChatModelAsync",
            dependencies: [.product(name: "ModelgenAsync", package: "modelgen")],
            exclude: ["modelgen.yaml"],
            swiftSettings: appTarget,
            plugins: [.plugin(name: "ModelgenPlugin", package: "modelgen")]
        ),
        .executableTarget(name: "ChatApp", dependencies: ["ChatModel"], swiftSettings: appTarget),
        .testTarget(name: "ChatAppTests", dependencies: ["ChatModel"], swiftSettings: appTarget),
        .testTarget(name: "ChatModelAsyncTests", dependencies: ["ChatModelAsync"], swiftSettings: appTarget),
    ]
)
