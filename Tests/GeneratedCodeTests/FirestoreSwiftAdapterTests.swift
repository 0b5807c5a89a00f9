import Foundation
import ModelgenCore
import Testing

/// The Swift Firestore adapter (`Sources/ModelgenFirestore`) is built only where
/// `FirebaseFirestore` can be imported (with the package's `Firestore` trait), which it cannot be
/// here: it type-checks in Swift 6 with warnings as errors against the runtime's core and the
/// hand-written, declaration-only `FirebaseCore` and `FirebaseFirestore` modules of
/// `Tests/FirestoreSDK/swift`, and a misspelled SDK call fails to type-check there.
@Suite(.serialized) struct FirestoreSwiftAdapterTests {
    static let adapter = "Sources/ModelgenFirestore/FirestoreStore.swift"

    /// The adapter's sources, by path relative to the package.
    static func adapterSources() throws -> [String: String] {
        try FirestoreAdapterTests.files(under: "Sources/ModelgenFirestore", endings: [".swift"])
    }

    /// Builds the declaration modules and the runtime's, then type-checks the adapter's
    /// `sources` against them; throws with the compiler's messages if it reports any problem.
    func typecheck(_ sources: [String: String]) throws {
        let compiler = try SwiftCompiler()
        let directory = try makeTemporaryDirectory("firestore-swift")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strict = SwiftCompiler.Settings.swift6.flags
        for module in ["FirebaseCore", "FirebaseFirestore"] {
            let sources = try FirestoreAdapterTests.files(under: "Tests/FirestoreSDK/swift/\(module)", endings: [".swift"]).keys.sorted()
                .map { Goldens.packageRoot.appendingPathComponent($0).path }
            try compiler.run(["-emit-module", "-parse-as-library", "-module-name", module, "-I", directory]
                + strict + sources + ["-emit-module-path", "\(directory)/\(module).swiftmodule"], in: directory)
        }
        let runtime = try FirestoreAdapterTests.files(under: "Sources/ModelgenRuntimeCore", endings: [".swift"]).keys.sorted()
            .map { Goldens.packageRoot.appendingPathComponent($0).path }
        try compiler.run(["-emit-module", "-parse-as-library", "-module-name", "ModelgenRuntimeCore", "-package-name", "modelgen", "-I", directory] + strict + runtime
            + ["-emit-module-path", "\(directory)/ModelgenRuntimeCore.swiftmodule"], in: directory)
        try compiler.typecheck(sources, module: "ModelgenFirestore", settings: .swift6, modules: [directory])
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
