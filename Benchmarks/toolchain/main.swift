// Compiles and runs the Kotlin and TypeScript runtime benchmarks with modelgen's own toolchains:
// the compilers, flags and class paths its tests and `modelgen verify` use.
//
//   toolchain kotlin|kotlin-flow <main class> <generated folder> <benchmark.kt>...
//   toolchain typescript <generated folder> <benchmark.ts>
//
// The benchmark sources go beside the generated files (the Firestore adapters left out); the
// program's output is printed as it is.
import Foundation
import ModelgenCore

/// The source files under `folder` with the extension, by path relative to it, without the
/// Firestore adapters (no Firebase SDK here).
func sources(under folder: String, extension ext: String) throws -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(ext), !relative.split(separator: "/").contains("firestore") else { continue }
        files[relative] = try String(contentsOfFile: (folder as NSString).appendingPathComponent(relative), encoding: .utf8)
    }
    return files
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("toolchain: \(message)\n".utf8))
    exit(1)
}

func available<T>(_ status: ToolchainStatus<T>) -> T {
    switch status {
    case let .available(toolchain): return toolchain
    case let .missing(install): fail("not installed; \(install)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let directory = try makeTemporaryDirectory("modelgen-benchmarks")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output: ProcessOutput
    switch arguments.first {
    case "kotlin" where arguments.count >= 4, "kotlin-flow" where arguments.count >= 4:
        let kotlin = available(KotlinToolchain.find(flavour: arguments[0]))
        var files = try sources(under: arguments[2], extension: ".kt")
        for source in arguments[3...] {
            files[(source as NSString).lastPathComponent] = try String(contentsOfFile: source, encoding: .utf8)
        }
        try kotlin.compile(files, into: directory + "/benchmarks.jar")
        output = try kotlin.run(jar: directory + "/benchmarks.jar", mainClass: arguments[1])
    case "typescript" where arguments.count == 3:
        let typescript = available(TypeScriptToolchain.find())
        var files = try sources(under: arguments[1], extension: ".ts")
        let script = (arguments[2] as NSString).lastPathComponent
        files[script] = try String(contentsOfFile: arguments[2], encoding: .utf8)
        try typescript.compile(files, into: directory, packages: ["benchmark", "@types"])
        output = try typescript.run(script: (directory as NSString).appendingPathComponent(String(script.dropLast(3)) + ".js"))
    default:
        fail("usage: toolchain kotlin|kotlin-flow <main class> <generated folder> <benchmark.kt>... | toolchain typescript <generated folder> <benchmark.ts>")
    }
    print(output.stdout, terminator: "")
    FileHandle.standardError.write(Data(output.stderr.utf8))
    if !output.succeeded { exit(output.status) }
} catch {
    fail("\(error)")
}
