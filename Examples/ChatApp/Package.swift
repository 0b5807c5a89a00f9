// swift-tools-version: 6.1
import PackageDescription

// An app that keeps its model in a modelgen schema: the build plugin turns
// Sources/ChatModel/chat.modelgen.yaml into Swift at build time. The ChatModel target also holds
// a Swift file of its own (ChatRoomFeed.swift): SwiftPM drops a target without one.
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
            plugins: [.plugin(name: "ModelgenPlugin", package: "modelgen")]
        ),
        .executableTarget(name: "ChatApp", dependencies: ["ChatModel"]),
        .testTarget(name: "ChatAppTests", dependencies: ["ChatModel"]),
    ]
)
