import Foundation
import ModelgenCore
import Testing

/// The Swift Firestore adapter (`Sources/ModelgenFirestore`) is built only where
/// `FirebaseFirestore` can be imported (with the package's `Firestore` trait), which it cannot be
/// here: it type-checks in Swift 6 with warnings as errors against the runtime and the
/// hand-written, declaration-only `FirebaseCore` and `FirebaseFirestore` modules of
/// `Tests/FirestoreSDK/swift`, and a misspelled SDK call fails to type-check there.
@Suite(.serialized) struct FirestoreSwiftAdapterTests {
    static let adapter = "Sources/ModelgenFirestore/FirestoreStore.swift"

    /// The adapter's sources, by path relative to the package.
    static func adapterSources() throws -> [String: String] {
        try FirestoreAdapterTests.files(under: "Sources/ModelgenFirestore", endings: [".swift"])
    }

    /// Where this test binary was built, holding the runtime's dependencies' modules.
    static var buildFolder: String {
        (CommandLine.arguments[0] as NSString).deletingLastPathComponent
    }

    /// Builds the declaration modules and the runtime's, then type-checks the adapter's
    /// `sources` against them; throws with the compiler's messages if it reports any problem.
    func typecheck(_ sources: [String: String]) throws {
        let swiftc = try #require(ProcessRunner.find("swiftc"), "swiftc")
        let directory = try makeTemporaryDirectory("firestore-swift")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strict = ["-swift-version", "6", "-warnings-as-errors"]
        for module in ["FirebaseCore", "FirebaseFirestore"] {
            let sources = try FirestoreAdapterTests.files(under: "Tests/FirestoreSDK/swift/\(module)", endings: [".swift"]).keys.sorted()
                .map { Goldens.packageRoot.appendingPathComponent($0).path }
            try run(swiftc, ["-emit-module", "-parse-as-library", "-module-name", module, "-I", directory]
                + strict + sources + ["-emit-module-path", "\(directory)/\(module).swiftmodule"], in: directory)
        }
        let build = Self.buildFolder
        let dependencies = ["-I", directory, "-I", "\(build)/Modules", "-Xcc", "-fmodule-map-file=\(build)/COpenCombineHelpers.build/module.modulemap"]
        let runtime = try FirestoreAdapterTests.files(under: "Sources/ModelgenRuntime", endings: [".swift"]).keys.sorted()
            .map { Goldens.packageRoot.appendingPathComponent($0).path }
        try run(swiftc, ["-emit-module", "-parse-as-library", "-module-name", "ModelgenRuntime"] + dependencies + strict + runtime
            + ["-emit-module-path", "\(directory)/ModelgenRuntime.swiftmodule"], in: directory)
        var paths: [String] = []
        for (relative, text) in sources.sorted(by: { $0.key < $1.key }) {
            let path = (directory as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        try run(swiftc, ["-typecheck", "-module-name", "ModelgenFirestore"] + dependencies + strict + paths, in: directory)
    }

    private func run(_ swiftc: String, _ arguments: [String], in directory: String) throws {
        let output = try ProcessRunner.run(swiftc, arguments)
        let problems = (output.stdout + output.stderr).split(separator: "\n").filter { $0.contains("error") || $0.contains("warning") }
        guard output.succeeded, problems.isEmpty else {
            throw ToolchainError("swiftc failed:\n" + problems.joined(separator: "\n").replacingOccurrences(of: directory + "/", with: ""))
        }
    }

    @Test func theSwiftAdapterCompilesAgainstTheIOSSDKDeclarations() throws {
        let sources = try Self.adapterSources()
        #expect(sources[Self.adapter]?.contains("#if canImport(FirebaseFirestore)") == true)
        try typecheck(sources)
    }

    @Test func aMisspelledIOSSDKCallFailsToCompile() throws {
        let sources = try FirestoreAdapterTests().replacing(
            "snapshot.documentChanges", with: "snapshot.documentChange", in: Self.adapter, of: Self.adapterSources()
        )
        do {
            try typecheck(sources)
            Issue.record("the Swift adapter compiled with QuerySnapshot.documentChange, which the iOS SDK does not declare")
        } catch let error as ToolchainError {
            #expect(error.description.contains("has no member 'documentChange'"), "\(error)")
        }
    }
}
