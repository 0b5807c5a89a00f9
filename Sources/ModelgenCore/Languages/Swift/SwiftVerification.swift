import Foundation

/// Swift vector runners: a package with a target per schema (its model and scenario table) over
/// the flavour's runtime layer, and one executable handing the tables to the interpreter; on
/// Firestore's emulator, a target per vector (its model and runner program) and one executable
/// that runs the vector it is given by number.
extension SwiftLanguage: VectorVerification {
    var installHint: String { SwiftToolchain.installHint }
    var batchSize: Int { 100 }

    func project(_ vectors: [LoadedVector], using resources: VerificationResources) throws -> [GeneratedFile] {
        let layout = RunnerLayout(
            vector: "Vector%", model: "VectorModel%", support: [("verify/swift/Support.swift", "Sources/VerifySupport/Support.swift"), (flavour.trace, "Sources/VerifySupport/Trace.swift")],
            mainPath: "Sources/VerifyRunner/main.swift", runner: { "Sources/\($0)/Runner.swift" }, modelFile: { "Sources/\($0)/Model.swift" }
        )
        let modules = RunnerModules(vectors, layout: layout)
        let package = runnerPackage(zip(modules.vectors, modules.modelOf), models: modules.modelModules, modelgenPackage: resources.modelgenPackage)
        var files = try runnerFiles(vectors, using: resources, layout: layout, modules: modules, main: runnerMain) + storeFiles(resources)
            + [GeneratedFile(path: "Package.swift", contents: package.fileText)]
        // On the emulator, each vector's model writes under its schema's security rules.
        for (index, entry) in vectors.enumerated() where resources.emulatorHost != nil {
            guard let rules = try? SecurityRules([entry.model]) else { continue }
            files.append(GeneratedFile(path: Self.rulesPath(index), contents: rules.fileText))
            if entry.model.refusesSignedOutWrites { files.append(GeneratedFile(path: Self.outsidersPath(index), contents: "")) }
        }
        return files
    }

    /// Where the runner project holds the security rules of vector `index`'s schema.
    private static func rulesPath(_ index: Int) -> String { "Rules/vector\(index).rules" }

    /// A file there when no collection of vector `index`'s schema lets a signed-out client write.
    private static func outsidersPath(_ index: Int) -> String { "Rules/vector\(index).outsiders-refused" }

    /// The store the runners use (`VectorStore`): the in-memory one, or Firestore's emulator's.
    private func storeFiles(_ resources: VerificationResources) -> [GeneratedFile] {
        let folder = resources.emulatorHost == nil ? "verify/swift" : "verify/swift/emulator"
        return resources.runtimes.files(under: folder).filter { !$0.path.contains("/") && $0.path != "Support.swift" }.map {
            GeneratedFile(path: "Sources/VerifySupport/\($0.path)", contents: $0.contents)
        }
    }

    func run(_ project: [GeneratedFile], count: Int, using resources: VerificationResources) throws -> [ProcessOutput] {
        guard case let .available(swift) = SwiftToolchain.find() else { throw ToolchainMissing(install: installHint) }
        // The emulator's runners build apart, so that neither kind rebuilds the other's support.
        let directory = ToolchainCache.buildFolder("verify-\(name)" + (resources.emulatorHost == nil ? "" : "-emulator"), for: resources.modelgenPackage)
        let environment = resources.emulatorHost.map { ["FIRESTORE_EMULATOR_HOST": $0] } ?? [:]
        // One build folder for every run (it keeps the runtime built): two runs at once take turns.
        return try FileLock.holding(directory + ".lock") {
            let runner = try swift.build(project.byPath, in: directory, product: "VerifyRunner")
            return try (0..<count).map { index in
                let rules = (directory as NSString).appendingPathComponent(Self.rulesPath(index))
                var withRules = project.contains { $0.path == Self.rulesPath(index) } ? ["MODELGEN_RULES": rules] : [:]
                if project.contains(where: { $0.path == Self.outsidersPath(index) }) { withRules["MODELGEN_OUTSIDERS_REFUSED"] = "1" }
                return try ProcessRunner.run(runner, [String(index)], environment: environment.merging(withRules) { $1 })
            }
        }
    }

    func scenarioProject(_ models: [Model], using resources: VerificationResources) throws -> [GeneratedFile] {
        var files = resources.runtimeAndSupport(of: self, support: [
            ("verify/swift/Support.swift", "Sources/VerifySupport/Support.swift"), (flavour.trace, "Sources/VerifySupport/Trace.swift"),
        ]) + storeFiles(resources)
        let tables = models.indices.map { "VectorTable\($0)" }, modules = models.indices.map { "VectorModel\($0)" }
        for (index, model) in models.enumerated() {
            let file = try resources.modelFile(model, in: self)
            files.append(GeneratedFile(path: "Sources/\(modules[index])/Model.swift", contents: file.contents))
            files.append(GeneratedFile(path: "Sources/\(tables[index])/Table.swift", contents: scenarioTable(model, module: tables[index], modelModule: modules[index]).fileText))
        }
        let main = ["// Generated by modelgen verify. Do not edit.", "import VerifySupport"] + tables.map { "import \($0)" } + [
            "",
            "runScenarios([\(tables.map { "\($0).table" }.joined(separator: ", "))])",
        ]
        let package = runnerPackage(zip(tables, modules), models: modules, modelgenPackage: resources.modelgenPackage)
        return files + [GeneratedFile(path: "Sources/VerifyRunner/main.swift", contents: main.fileText), GeneratedFile(path: "Package.swift", contents: package.fileText)]
    }

    /// The runner of `project`, built in a folder of its own that keeps the runtime built, and
    /// kept in the cache by the project and the modelgen package's runtime sources.
    func scenarioRunner(_ project: [GeneratedFile], using resources: VerificationResources) throws -> ScenarioRunner {
        guard case let .available(swift) = SwiftToolchain.find() else { throw ToolchainMissing(install: installHint) }
        let runtime = Self.runtimeSources(in: resources.modelgenPackage)
        let folder = try ScenarioCache.built(project + runtime, kind: name) { folder in
            let directory = ToolchainCache.buildFolder("verify-\(name)-scenarios", for: resources.modelgenPackage)
            try FileLock.holding(directory + ".lock") {
                let runner = try swift.build(project.byPath, in: directory, product: "VerifyRunner")
                try FileManager.default.copyItem(atPath: runner, toPath: folder + "/VerifyRunner")
            }
        }
        return ScenarioRunner(command: folder + "/VerifyRunner")
    }

    /// The sources of the modelgen package's runtime modules, which a Swift runner is built with.
    private static func runtimeSources(in package: String) -> [GeneratedFile] {
        ["ModelgenRuntimeCore", "ModelgenRuntime", "ModelgenAsync"].flatMap { module -> [GeneratedFile] in
            let folder = "\(package)/Sources/\(module)"
            let paths = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }
            return paths.map { GeneratedFile(path: "modelgen/\(module)/\($0)", contents: (try? String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8)) ?? "") }
        }
    }

    private func runnerMain(_ modules: [String]) -> [String] {
        ["// Generated by modelgen verify. Do not edit.", "import VerifySupport"] + modules.map { "import \($0)" } + [
            "",
            "let trace = Trace()",
            "switch CommandLine.arguments.dropFirst().first {",
        ] + modules.enumerated().map { "case \"\($0.offset)\": \($0.element).run(trace)" } + [
            "default: print(\"usage: VerifyRunner <vector number>\")",
            "}",
        ]
    }

    /// The package: each runner's target depends on its model's, built as a new Xcode 26 app
    /// target builds it (the main actor as the default isolation, approachable concurrency),
    /// warnings as errors, where the compiler has those settings.
    private func runnerPackage(_ runners: Zip2Sequence<[String], [String]>, models: [String], modelgenPackage: String) -> [String] {
        let identity = strings.quoted(String(modelgenPackage.split(separator: "/").last ?? "").lowercased())
        let runtime = ".product(name: \(strings.quoted(flavour.module)), package: \(identity))"
        let features = ["NonisolatedNonsendingByDefault", "InferIsolatedConformances", "ExistentialAny", "MemberImportVisibility"]
        let appFlags = ["-warnings-as-errors", "-default-isolation", "MainActor"] + features.flatMap { ["-enable-upcoming-feature", $0] }
        return [
            "// swift-tools-version: 6.1",
            "// Generated by modelgen verify. Do not edit.",
            "import PackageDescription",
            "",
            "#if compiler(>=6.2)",
            "let appTarget: [SwiftSetting] = [.unsafeFlags(\(list(appFlags.map(strings.quoted))))]",
            "#else",
            "let appTarget: [SwiftSetting] = [.unsafeFlags([\"-warnings-as-errors\"])]",
            "#endif",
            "",
            "let package = Package(",
            "    name: \"ModelgenVerify\",",
            "    platforms: [.macOS(.v13)],",
            "    dependencies: [.package(path: \(strings.quoted(modelgenPackage)))],",
            "    targets: [",
            "        .target(name: \"VerifySupport\", dependencies: [\(runtime), .product(name: \"ModelgenRuntimeCore\", package: \(identity))]),",
        ] + models.map { "        .target(name: \"\($0)\", dependencies: [\(runtime)], swiftSettings: appTarget)," }
            + runners.map { "        .target(name: \"\($0)\", dependencies: [\"VerifySupport\", \"\($1)\", \(runtime)])," } + [
            "        .executableTarget(name: \"VerifyRunner\", dependencies: \(list((["VerifySupport"] + runners.map(\.0)).map { "\"\($0)\"" }))),",
            "    ]",
            ")",
        ]
    }
}
