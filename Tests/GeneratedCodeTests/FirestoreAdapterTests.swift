import Foundation
import ModelgenCore
import Testing

/// The Firestore adapters (`Runtimes/<language>/firestore/`) call the Firebase SDKs, which this
/// repository does not depend on: they compile, with their runtime and warnings as errors,
/// against the hand-written, declaration-only description of the SDK calls they make in
/// `Tests/FirestoreSDK/`, and a misspelled SDK call fails to compile there.
@Suite(.serialized) struct FirestoreAdapterTests {
    static let kotlinAdapter = "Runtimes/kotlin/firestore/FirestoreStore.kt"
    static let typeScriptAdapter = "Runtimes/typescript/firestore/firestore-store.ts"

    /// Files under `folder` of the package (its subfolders too) whose names end with one of
    /// `endings`, by path relative to the package. Unlike `Goldens.sources`, this keeps the
    /// `firestore` folders.
    static func files(under folder: String, endings: [String]) throws -> [String: String] {
        let root = Goldens.packageRoot.appendingPathComponent(folder).path
        guard FileManager.default.fileExists(atPath: root), let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw ToolchainError("no folder \(root)")
        }
        var result: [String: String] = [:]
        while let relative = enumerator.nextObject() as? String {
            guard endings.contains(where: { relative.hasSuffix($0) }) else { continue }
            result["\(folder)/\(relative)"] = try String(contentsOfFile: (root as NSString).appendingPathComponent(relative), encoding: .utf8)
        }
        return result
    }

    /// The Kotlin runtime (its core and RxJava layer) with its Firestore adapter, and the Java
    /// (and Kotlin) declarations of the Firebase Android SDK.
    static func kotlinSources() throws -> [String: String] {
        try files(under: "Runtimes/kotlin", endings: [".kt"])
            .merging(files(under: "Runtimes/kotlin-rxjava", endings: [".kt"])) { $1 }
            .merging(files(under: "Tests/FirestoreSDK/kotlin", endings: [".kt", ".java"])) { $1 }
    }

    /// The TypeScript runtime with its Firestore adapter, and the declarations of the web SDK as
    /// the type declarations of the module `firebase/firestore`.
    static func typeScriptSources() throws -> [String: String] {
        var sources = try files(under: "Runtimes/typescript", endings: [".ts"])
        let declarations = Goldens.packageRoot.appendingPathComponent("Tests/FirestoreSDK/typescript/firebase-firestore.d.ts").path
        sources["node_modules/firebase/firestore/index.d.ts"] = try String(contentsOfFile: declarations, encoding: .utf8)
        sources["node_modules/firebase/package.json"] = #"{ "name": "firebase", "exports": { "./firestore": { "types": "./firestore/index.d.ts" } } }"#
        return sources
    }

    /// `files` with `original` in `path` replaced by `misspelled`, checking that `original`
    /// occurs there exactly once.
    func replacing(_ original: String, with misspelled: String, in path: String, of files: [String: String]) throws -> [String: String] {
        let text = try #require(files[path])
        try #require(text.components(separatedBy: original).count == 2, "'\(original)' should occur once in \(path)")
        var result = files
        result[path] = text.replacingOccurrences(of: original, with: misspelled)
        return result
    }

    /// kotlinc reads the `.java` declarations given with the Kotlin sources without compiling them.
    @Test(arguments: KotlinToolchain.Release.allCases)
    func theKotlinAdapterCompilesAgainstTheAndroidSDKDeclarations(on release: KotlinToolchain.Release) throws {
        let kotlin = try require(KotlinToolchain.find(release), "Kotlin \(release.rawValue)")
        let files = try Self.kotlinSources()
        #expect(files.keys.contains(Self.kotlinAdapter))
        #expect(files.keys.contains("Tests/FirestoreSDK/kotlin/com/google/firebase/firestore/Query.java"))
        let directory = try makeTemporaryDirectory("firestore-kotlin")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try kotlin.compile(files, into: directory + "/adapter.jar")
    }

    @Test func aMisspelledAndroidSDKCallFailsToCompile() throws {
        let kotlin = try require(KotlinToolchain.find(.current), "Kotlin")
        let files = try replacing("Filter.lessThanOrEqualTo(", with: "Filter.lessThanOrEqual(", in: Self.kotlinAdapter, of: Self.kotlinSources())
        let directory = try makeTemporaryDirectory("firestore-kotlin")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try kotlin.compile(files, into: directory + "/adapter.jar")
            Issue.record("the Kotlin adapter compiled with Filter.lessThanOrEqual, which the Android SDK does not declare")
        } catch let error as ToolchainError {
            #expect(error.description.contains("unresolved reference 'lessThanOrEqual'"), "\(error)")
        }
    }

    @Test func theTypeScriptAdapterCompilesAgainstTheWebSDKDeclarations() throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let files = try Self.typeScriptSources()
        #expect(files.keys.contains(Self.typeScriptAdapter))
        let directory = try makeTemporaryDirectory("firestore-typescript")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try typescript.compile(files, into: directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/Runtimes/typescript/firestore/firestore-store.js"))
    }

    @Test(arguments: TypeScriptChecker.Release.allCases)
    func theTypeScriptAdapterPassesTheStrictPreset(on release: TypeScriptChecker.Release) throws {
        let checker = try require(TypeScriptChecker.find(release), "TypeScript \(release.rawValue)")
        try checker.check(Self.typeScriptSources(), isolatedDeclarations: true)
    }

    @Test func aMisspelledWebSDKCallFailsToCompile() throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let files = try replacing("snapshot.docChanges()", with: "snapshot.docChange()", in: Self.typeScriptAdapter, of: Self.typeScriptSources())
        let directory = try makeTemporaryDirectory("firestore-typescript")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try typescript.compile(files, into: directory)
            Issue.record("the TypeScript adapter compiled with QuerySnapshot.docChange, which the web SDK does not declare")
        } catch let error as ToolchainError {
            #expect(error.description.contains("Property 'docChange' does not exist"), "\(error)")
        }
    }
}
