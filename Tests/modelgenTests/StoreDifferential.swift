@testable import EmulatorRunner
import Foundation
import ModelgenCore
import ModelgenRuntime

/// What a store answered a scenario's query: the documents' paths in order, a refusal (a
/// `StoreError`, or Firestore's), or a failure of anything else, which agrees with nothing.
enum StoreAnswer: Equatable, CustomStringConvertible {
    case documents([String])
    case refused(String)
    case failed(String)

    static func of(_ body: () throws -> [DocumentSnapshot]) -> StoreAnswer {
        do {
            return .documents(try body().map { $0.path.joined(separator: "/") })
        } catch let error as StoreError {
            return .refused("\(error)")
        } catch let error as EmulatorError {
            return .refused("\(error)")
        } catch {
            return .failed("\(error)")
        }
    }

    /// Refusals agree by place, whatever their words.
    func agrees(with other: StoreAnswer) -> Bool {
        switch (self, other) {
        case (.refused, .refused): true
        case let (.documents(mine), .documents(theirs)): mine == theirs
        default: false
        }
    }

    var description: String {
        switch self {
        case let .documents(paths): "[\(paths.joined(separator: ", "))]"
        case let .refused(reason): "refused: \(reason)"
        case let .failed(reason): "failed: \(reason)"
        }
    }
}

/// A scenario's answers: its query's, and what its writes left (`StoreScenarioText.documents`,
/// −0.0 read as 0.0: the emulator's REST API stores it so), or `refused`.
struct StoreAnswers: CustomStringConvertible {
    var query: StoreAnswer
    var written: String

    init(query: StoreAnswer, written: String) {
        self.query = query
        self.written = written.replacingOccurrences(of: "d8000000000000000", with: "d0000000000000000")
    }

    func agree(with other: StoreAnswers) -> Bool { query.agrees(with: other.query) && written == other.written }

    var description: String { "\(query)\n    then: \(written)" }
}

/// The store differential's answerers — Firestore's emulator, and the in-memory stores of Swift (in
/// this process), Kotlin and TypeScript (the runtime and a driver, `Tests/StoreDrivers/*/`,
/// compiled once in `directory`, then run over a file of scenarios, one a line) — and the
/// comparison of their answers, Firestore's being the reference.
struct StoreDifferential {
    let emulator: String
    let directory: String
    private let kotlin: KotlinToolchain
    private let typescript: TypeScriptToolchain

    /// A scenario on which a runtime differs from Firestore, and every answer.
    struct Difference: CustomStringConvertible {
        var scenario: StoreScenario
        var firestore: StoreAnswers
        var differing: [(runtime: String, answers: StoreAnswers?)]

        var description: String {
            let answers = differing.map { "  \($0.runtime): \($0.answers.map(String.init(describing:)) ?? "no answer")" }.joined(separator: "\n")
            return "\(scenario)\n  Firestore: \(firestore)\n\(answers)"
        }
    }

    /// Compiles the Kotlin and TypeScript drivers into `directory`.
    init(emulator: String, directory: String) throws {
        guard case let .available(kotlin) = KotlinToolchain.find(), case let .available(typescript) = TypeScriptToolchain.find() else {
            throw ToolchainError("Kotlin or TypeScript is not installed: run scripts/install-toolchains")
        }
        (self.emulator, self.directory, self.kotlin, self.typescript) = (emulator, directory, kotlin, typescript)
        // The runtime's core and its RxJava layer, whose files' names differ, as in one output folder.
        let kotlinRuntime = try Self.sources(under: "Runtimes/kotlin", ending: ".kt").merging(try Self.sources(under: "Runtimes/kotlin-rxjava", ending: ".kt")) { $1 }
        try kotlin.compile(kotlinRuntime.merging(["StoreScenarios.kt": try Self.read("Tests/StoreDrivers/kotlin/StoreScenarios.kt")]) { $1 },
                           into: directory + "/store-scenarios.jar")
        let runtime = try Self.sources(under: "Runtimes/typescript", ending: ".ts").map { ("Runtimes/typescript/" + $0.key, $0.value) }
        try typescript.compile(Dictionary(uniqueKeysWithValues: runtime).merging(["Tests/StoreDrivers/typescript/store-scenarios.ts": try Self.read("Tests/StoreDrivers/typescript/store-scenarios.ts")]) { $1 },
                               into: directory + "/typescript")
    }

    /// Firestore's answers and each scenario's differences, if any (TypeScript is asked only
    /// what it can hold: ``StoreScenario/fitsTypeScript``).
    func compare(_ scenarios: [StoreScenario]) throws -> (firestore: [StoreAnswers], differences: [Difference]) {
        let file = directory + "/scenarios-\(UUID().uuidString).txt"
        try scenarios.map { StoreScenarioText.line($0) + "\n" }.joined().write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let firestore = try emulatorAnswers(scenarios)
        let kotlinOutput = try kotlin.run(jar: directory + "/store-scenarios.jar", mainClass: "drivers.StoreScenariosKt", arguments: [file])
        let typescriptOutput = try typescript.run(script: directory + "/typescript/Tests/StoreDrivers/typescript/store-scenarios.js", arguments: [file])
        for output in [kotlinOutput, typescriptOutput] where !output.succeeded { throw ToolchainError("a driver failed: \(output.stderr)") }
        let runtimes: [(name: String, answers: [StoreAnswers])] = [
            ("Swift", scenarios.map(swiftAnswers)), ("Kotlin", Self.answers(printed: kotlinOutput.stdout)), ("TypeScript", Self.answers(printed: typescriptOutput.stdout)),
        ]
        let differences = scenarios.indices.compactMap { index -> Difference? in
            let asked = runtimes.filter { $0.name != "TypeScript" || scenarios[index].fitsTypeScript }
            let differing = asked.filter { $0.answers.count <= index || !$0.answers[index].agree(with: firestore[index]) }
            guard !differing.isEmpty else { return nil }
            return Difference(scenario: scenarios[index], firestore: firestore[index], differing: differing.map { ($0.name, $0.answers.count > index ? $0.answers[index] : nil) })
        }
        return (firestore, differences)
    }

    /// The scenario made as small as it goes while a runtime still differs from Firestore on it:
    /// documents, writes, the query's filter terms, order keys, limits and cursors left out one by
    /// one, as long as one is.
    func minimised(_ scenario: StoreScenario) throws -> StoreScenario {
        var smallest = scenario
        var shrinking = true
        while shrinking {
            shrinking = false
            for candidate in smallest.smaller() where try !compare([candidate]).differences.isEmpty {
                smallest = candidate
                shrinking = true
                break
            }
        }
        return smallest
    }

    /// Firestore's emulator's answers, each scenario in a project wiped before it.
    private func emulatorAnswers(_ scenarios: [StoreScenario]) throws -> [StoreAnswers] {
        let client = EmulatorClient(host: emulator, project: "store-differential-\(UUID().uuidString.prefix(8).lowercased())")
        defer { client.wipe() }
        let writes = EmulatorWrites(values: client.values)
        return try scenarios.map { scenario in
            client.wipe()
            try client.commit(scenario.documents.map { writes.json(.set($0.path, $0.data)) })
            let query = StoreAnswer.of { try client.run(scenario.query) }
            do {
                try client.commit(scenario.writes.map { writes.json($0) })
            } catch is EmulatorError {
                return StoreAnswers(query: query, written: "refused")
            }
            return StoreAnswers(query: query, written: StoreScenarioText.documents(scenario.paths, try client.get(scenario.paths).map { $0?.document }))
        }
    }

    private func swiftAnswers(_ scenario: StoreScenario) -> StoreAnswers {
        let store = InMemoryStore()
        do { try store.commit(scenario.documents.map { .set($0.path, $0.data) }) } catch { return StoreAnswers(query: .refused("the documents: \(error)"), written: "") }
        let query = StoreAnswer.of { try store.getDocuments(scenario.query) }
        do { try store.commit(scenario.writes) } catch { return StoreAnswers(query: query, written: "refused") }
        return StoreAnswers(query: query, written: StoreScenarioText.documents(scenario.paths, scenario.paths.map { try? store.getDocument($0) }))
    }

    /// The answers a driver printed, a line each: the query's (`[c/a, c/b]` or `refused`), a tab,
    /// and the writes'.
    static func answers(printed output: String) -> [StoreAnswers] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            let written = parts.count > 1 ? String(parts[1]) : ""
            guard parts[0].hasPrefix("[") else {
                return StoreAnswers(query: parts[0] == "refused" ? .refused("refused") : .failed(String(parts[0])), written: written)
            }
            let inner = parts[0].dropFirst().dropLast()
            return StoreAnswers(query: .documents(inner.isEmpty ? [] : inner.components(separatedBy: ", ")), written: written)
        }
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The files of `folder` of the package ending in `ending` (not those of its subfolders: the
    /// Firestore adapters), by name.
    static func sources(under folder: String, ending: String) throws -> [String: String] {
        let root = CLI.packageRoot.appendingPathComponent(folder).path
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(ending) }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) })
    }
}
