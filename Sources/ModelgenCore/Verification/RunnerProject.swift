/// The sources of the runners of a set of vectors in one language: each vector's generated
/// model, a runner program for it, and what they share (the runtime, the trace, a main).
public struct RunnerProject {
    public let language: Language
    public let templates: TemplateEngine

    public init(language: Language, templates: TemplateEngine) {
        self.language = language
        self.templates = templates
    }

    /// Files by path relative to the project folder. `modelgenPackage` is the folder of the
    /// modelgen package, which the Swift runners depend on for ModelgenRuntime.
    public func files(for vectors: [(vector: Vector, model: Model)], modelgenPackage: String) throws -> [GeneratedFile] {
        switch language {
        case .swift: try swiftFiles(vectors, modelgenPackage: modelgenPackage)
        case .kotlin: try kotlinFiles(vectors)
        case .typescript: try typeScriptFiles(vectors)
        }
    }

    private func swiftFiles(_ vectors: [(vector: Vector, model: Model)], modelgenPackage: String) throws -> [GeneratedFile] {
        let modules = vectors.indices.map { "Vector\($0)" }
        var files = [
            GeneratedFile(path: "Sources/VerifySupport/Support.swift", contents: templates.text("swift/verify/Support.swift") ?? ""),
            GeneratedFile(path: "Sources/VerifyRunner/main.swift", contents: try templates.render("swift/verify/main.stencil", ["modules": modules])),
            GeneratedFile(path: "Package.swift", contents: try templates.render("swift/verify/Package.stencil", [
                "modules": modules, "modelgenPath": SwiftSyntax.string(modelgenPackage),
                "modelgenIdentity": SwiftSyntax.string(String(modelgenPackage.split(separator: "/").last ?? "").lowercased()),
            ])),
        ]
        for (index, entry) in vectors.enumerated() {
            let model = try SwiftRenderer().render(entry.model, templates: templates)
            files.append(GeneratedFile(path: "Sources/\(modules[index])/Model.swift", contents: model.first?.contents ?? ""))
            files.append(GeneratedFile(path: "Sources/\(modules[index])/Runner.swift", contents: try runner(entry, SwiftRunner(), module: modules[index])))
        }
        return files
    }

    private func kotlinFiles(_ vectors: [(vector: Vector, model: Model)]) throws -> [GeneratedFile] {
        let modules = vectors.indices.map { "vectors.v\($0)" }
        var files = try KotlinRenderer().supportFiles(templates: templates).map { GeneratedFile(path: String($0.path.dropFirst("kotlin/".count)), contents: $0.contents) }
            .filter { !$0.path.contains("/firestore/") }
        files.append(GeneratedFile(path: "vectors/Support.kt", contents: templates.text("kotlin/verify/Support.kt") ?? ""))
        files.append(GeneratedFile(path: "vectors/Main.kt", contents: try templates.render("kotlin/verify/main.stencil", ["modules": modules])))
        for (index, entry) in vectors.enumerated() {
            var model = entry.model
            model.kotlinPackage = modules[index]
            files += try KotlinRenderer().render(model, templates: templates).map { GeneratedFile(path: String($0.path.dropFirst("kotlin/".count)), contents: $0.contents) }
            var text = try runner((entry.vector, model), KotlinRunner(), module: modules[index])
            let imports: [String: String] = [
                "DocumentValue": "modelgen.runtime", "DocumentWrite": "modelgen.runtime", "FieldPath": "modelgen.runtime",
                "InMemoryStore": "modelgen.runtime", "Timestamp": "modelgen.runtime", "Schedulers": "io.reactivex.rxjava3.schedulers",
                "Trace": "vectors", "VectorError": "vectors", "paddedIndex": "vectors", "row": "vectors",
            ]
            let lines = SymbolScanner(text).used(Array(imports.keys)).map { "import \(imports[$0]!).\($0)" }.sorted()
            text = text.replacingFirst(Self.importsMarker, with: lines.joined(separator: "\n"))
            files.append(GeneratedFile(path: "vectors/v\(index)/Runner.kt", contents: text))
        }
        return files
    }

    private func typeScriptFiles(_ vectors: [(vector: Vector, model: Model)]) throws -> [GeneratedFile] {
        let modules = vectors.indices.map { "v\($0)" }
        var files = try TypeScriptRenderer().supportFiles(templates: templates).map { GeneratedFile(path: String($0.path.dropFirst("typescript/".count)), contents: $0.contents) }
            .filter { !$0.path.contains("/firestore/") }
        files.append(GeneratedFile(path: "support.ts", contents: templates.text("typescript/verify/support.ts") ?? ""))
        files.append(GeneratedFile(path: "main.ts", contents: try templates.render("typescript/verify/main.stencil", ["modules": modules])))
        for (index, entry) in vectors.enumerated() {
            var model = entry.model
            model.baseName = modules[index]
            model.typeScriptRuntimeModule = nil
            files += try TypeScriptRenderer().render(model, templates: templates).map { GeneratedFile(path: String($0.path.dropFirst("typescript/".count)), contents: $0.contents) }
            var text = try runner((entry.vector, model), TypeScriptRunner(), module: modules[index])
            let modelNames = [model.typeName] + model.collections.map(\.name) + model.joins.map(\.name)
            let groups: [(names: [String], module: String, typeOnly: Bool)] = [
                (["queueScheduler"], "rxjs", false),
                (["DocumentValue", "InMemoryStore", "Timestamp"], "./runtime/index.js", false),
                (["DocumentWrite"], "./runtime/index.js", true),
                (["paddedIndex", "range", "row", "Trace"], "./support.js", false),
                (modelNames.map(TypeScriptNames.type), "./\(modules[index]).js", false),
            ]
            let usedNames = Set(SymbolScanner(text).used(groups.flatMap(\.names)))
            let lines = groups.compactMap { group -> String? in
                let used = group.names.filter(usedNames.contains)
                guard !used.isEmpty else { return nil }
                return "import \(group.typeOnly ? "type " : ""){ \(used.sorted().joined(separator: ", ")) } from \"\(group.module)\";"
            }
            text = text.replacingFirst(Self.importsMarker, with: lines.joined(separator: "\n"))
            files.append(GeneratedFile(path: "\(modules[index])-runner.ts", contents: text))
        }
        return files
    }

    static let importsMarker = "//modelgen:imports"

    private func runner(_ entry: (vector: Vector, model: Model), _ language: some RunnerLanguage, module: String) throws -> String {
        let (vector, model) = entry
        let steps = vector.steps.enumerated().map { index, step in
            RunnerStepContext(number: index + 1, lines: language.statements(step.action, model: model))
        }
        let context = RunnerContext(
            file: vector.file, module: module, modelType: model.typeName, pendingWrites: vector.pendingWrites ? "true" : "false",
            clock: language.timestamp(vector.clock),
            usesModel: vector.steps.contains { if case .subscribe = $0.action { true } else { false } },
            steps: steps, tracing: language.tracingFunctions(for: model, types: language.tracedTypes(vector.steps, model: model)),
            importsMarker: Self.importsMarker
        )
        return try templates.render("\(self.language.rawValue)/verify/runner.stencil", ["runner": context])
    }
}

struct RunnerContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["file": \.file, "module": \.module, "modelType": \.modelType, "pendingWrites": \.pendingWrites, "clock": \.clock, "usesModel": \.usesModel, "steps": \.steps, "tracing": \.tracing, "importsMarker": \.importsMarker]

    var file: String
    var module: String
    var modelType: String
    var pendingWrites: String
    var clock: String
    var usesModel: Bool
    var steps: [RunnerStepContext]
    var tracing: [String]
    var importsMarker: String
}

struct RunnerStepContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["number": \.number, "lines": \.lines]

    var number: Int
    var lines: [String]
}
