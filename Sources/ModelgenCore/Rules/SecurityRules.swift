import Foundation

/// Firestore's security rules for the collections of one or more models (`modelgen rules`): a
/// `match` per collection that lets a client write only documents the model decodes — the keys
/// its fields are stored under, each of its type, within the schema's constraints, server times
/// and path values where the schema says — and lets each operation through as the collection's
/// `access` says; a `match` over every parent for each collection a `group: true` stream reads.
///
/// The rules language cannot loop: a list's elements are checked one by one, by index, only when
/// its `maxItems` is at most 20, and a map's values are not checked.
/// An update is checked on the keys it changes (`diff().affectedKeys()`), so a document stored
/// before a schema change can still be updated. Each rule names the schema line it comes from.
public struct SecurityRules: Sendable {
    public let models: [Model]
    /// One warning per collection that declares no `access` (signed-in users may do anything).
    public let warnings: [Diagnostic]

    /// Rules for `models`, which must not declare one collection path twice.
    public init(_ models: [Model]) throws(DiagnosticsError) {
        self.models = models
        var problems = DiagnosticCollector()
        var seen: [String: (Model, CollectionDefinition)] = [:]
        for model in models {
            for collection in model.collections {
                let pattern = Self.pattern(collection)
                if let (other, first) = seen[pattern] {
                    problems.error("collection '\(collection.name)' is at '\(collection.pathText)', where \(other.schemaFileName):\(first.line) puts '\(first.name)': a Firebase project's rules take one model of each collection", at: SourceLocation(file: model.schemaFile, line: collection.line, column: collection.column))
                }
                seen[pattern] = (model, collection)
                if collection.access == nil {
                    problems.warning("collection '\(collection.name)' declares no 'access': its rules let any signed-in user read and write it", at: SourceLocation(file: model.schemaFile, line: collection.line, column: collection.column))
                }
            }
        }
        Self.checkGroupReads(models, into: &problems)
        try problems.throwIfErrors()
        warnings = problems.warnings
    }

    /// A collection group's `match /{path=**}/<id>/{id}` lets its readers read every collection
    /// with that id: each such collection must be read as the group is.
    private static func checkGroupReads(_ models: [Model], into problems: inout DiagnosticCollector) {
        let all = models.flatMap { model in model.collections.map { (model, $0) } }
        for model in models {
            for collection in model.collections where RulesModel.isReadAsGroup(collection, in: model) {
                let read = collection.access?.read.condition
                for (other, sharing) in all where sharing.path.last == collection.path.last && sharing != collection && sharing.access?.read.condition != read {
                    problems.error(
                        "collection '\(sharing.name)' at '\(sharing.pathText)' has the collection id of '\(collection.name)', which a 'group' stream of \(model.schemaFileName) reads: the group's rules let its readers read '\(sharing.name)' too; give both the same 'read' access",
                        at: SourceLocation(file: other.schemaFile, line: sharing.line, column: sharing.column)
                    )
                }
            }
        }
    }

    /// The `firestore.rules` file.
    public var fileText: String {
        var text = RulesText()
        text.add(header)
        text.add("service cloud.firestore {")
        text.indented {
            $0.add("match /databases/{database}/documents {")
            $0.indented { body in
                let (functions, matches) = blocks
                for (index, block) in (functions + matches).enumerated() { body.add((index == 0 ? [] : [""]) + block) }
            }
            $0.add("}")
        }
        text.add("}")
        return text.text
    }

    private var header: [String] {
        let files = models.map(\.schemaFileName).joined(separator: ", ")
        var lines = [
            "rules_version = '2';", "",
            "// Firestore's security rules for \(files), written by `modelgen rules`: change the schema and run",
            "// it again rather than editing this file. A client may write only documents the model decodes,",
            "// and read and write as each collection's `access` says.",
        ]
        let open = models.flatMap { model in model.collections.filter { $0.access == nil }.map { "\($0.name) (\(model.schemaFileName):\($0.line))" } }
        if !open.isEmpty {
            lines += ["//", "// WARNING: no `access` is declared for \(open.joined(separator: ", ")):", "// ANY SIGNED-IN USER MAY READ AND WRITE THEM. Declare who may before you deploy."]
        }
        return lines + [""]
    }

    /// The functions something calls, in order, and the matches.
    private var blocks: (functions: [[String]], matches: [[String]]) {
        let names = functionNames
        let rulesModels = models.map { RulesModel(model: $0, names: names) }
        let matches = rulesModels.flatMap(\.matches)
        let functions = helpers + rulesModels.flatMap(\.functions)
        var used: Set<String> = []
        var calling = matches.joined().joined(separator: "\n")
        while let next = functions.first(where: { !used.contains($0.name) && Self.calls(calling, $0.name) }) {
            used.insert(next.name)
            calling += "\n" + next.lines.joined(separator: "\n")
        }
        return (functions.filter { used.contains($0.name) }.map(\.lines), matches)
    }

    private var helpers: [RulesModel.Function] {
        [
            RulesModel.Function(name: "signedIn", lines: ["function signedIn() {", "  return request.auth != null;", "}"]),
            RulesModel.Function(name: "exactInt", lines: [
                "// An int every language holds exactly: within ±(2^53 − 1).",
                "function exactInt(value) {",
                "  return value is int && value >= -\(RulesExpressions.intLimit) && value <= \(RulesExpressions.intLimit);",
                "}",
            ]),
        ]
    }

    /// The validator functions' names: `isAttachment`, `isUserReference`; prefixed by the model's
    /// name (`isChatAttachment`) where two models given together declare the name.
    private var functionNames: RulesModel.Names {
        var typeCounts: [String: Int] = [:], collectionCounts: [String: Int] = [:]
        for model in models {
            for type in model.types { typeCounts[type.name, default: 0] += 1 }
            for collection in model.collections { collectionCounts[collection.name, default: 0] += 1 }
        }
        let prefix = { (model: Model, counts: [String: Int], name: String) in
            counts[name, default: 0] > 1 ? String(model.typeName.dropLast("Model".count)) : ""
        }
        return RulesModel.Names(
            type: { model, name in "is" + prefix(model, typeCounts, name) + name },
            reference: { model, name in "is" + prefix(model, collectionCounts, name) + name + "Reference" }
        )
    }

    /// Whether `text` calls the function `name`: `name(` not inside a longer name.
    static func calls(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name + "(") {
            let before = rest[..<range.lowerBound].last
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// A collection's path with its parameters unnamed: `rooms/{}/messages`.
    static func pattern(_ collection: CollectionDefinition) -> String {
        collection.path.map { if case let .literal(text) = $0 { text } else { "{}" } }.joined(separator: "/")
    }
}

/// Lines of a rules file, indented by two spaces a level.
struct RulesText {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func add(_ line: String) { add([line]) }

    mutating func add(_ more: [String]) {
        lines += more.map { $0.isEmpty ? "" : String(repeating: "  ", count: depth) + $0 }
    }

    mutating func indented(_ body: (inout RulesText) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
