import Foundation

/// A collection's `access`: every operation said once (`write` for create, update and delete),
/// each condition one modelgen knows, `owner(…)` naming a string field, a path parameter or `id`.
extension Validation {
    mutating func resolveAccess(_ syntax: AccessSyntax, of collection: CollectionDefinition) -> Access? {
        var rules: [String: AccessRule] = [:]
        // Operations whose condition could not be read or resolved, and was reported.
        var failed = Set(syntax.unreadable.flatMap(Self.operations))
        for entry in syntax.entries {
            let operations = Self.operations(entry.operation.value)
            guard let condition = resolveCondition(entry.condition, of: collection) else {
                failed.formUnion(operations)
                continue
            }
            let rule = AccessRule(condition: condition, line: entry.condition.location.line)
            for operation in operations {
                if rules[operation] != nil {
                    diagnostics.error("the access of collection '\(collection.name)' says who may \(operation) twice ('write' stands for create, update and delete)", at: entry.operation.location)
                }
                rules[operation] = rule
            }
        }
        let missing = ["read", "create", "update", "delete"].filter { rules[$0] == nil && !failed.contains($0) }
        guard missing.isEmpty, failed.isEmpty else {
            if !missing.isEmpty {
                diagnostics.error("the access of collection '\(collection.name)' does not say who may \(Hint.list(missing)); give each of read, create, update and delete (or write), 'never' for no one", at: syntax.location)
            }
            return nil
        }
        return Access(read: rules["read"]!, create: rules["create"]!, update: rules["update"]!, delete: rules["delete"]!)
    }

    /// The operations an entry names: `write` stands for create, update and delete.
    private static func operations(_ name: String) -> [String] {
        name == "write" ? ["create", "update", "delete"] : [name]
    }

    private mutating func resolveCondition(_ syntax: Located<AccessSyntax.Condition>, of collection: CollectionDefinition) -> AccessCondition? {
        switch syntax.value {
        case let .rule(text):
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                diagnostics.error("an access rule must be a Firestore rules expression, found an empty one", at: syntax.location)
                return nil
            }
            return .rule(text)
        case let .named(text):
            guard let condition = AccessCondition(schemaSpelling: text) else {
                let hint = Hint.closest(to: text, in: ["public", "signedIn", "never"]).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.error("'\(text)' is no access condition: give public, signedIn, never, owner(field), member(Collection) or { rule: … }\(hint)", at: syntax.location)
                return nil
            }
            if case let .member(written) = condition { return .member(NameCase.upperCamel(written)) }
            guard case let .owner(written) = condition else { return condition }
            let name = written == "id" ? written : NameCase.lowerCamel(written)
            if !isOwnerKey(name, of: collection) {
                let field = collection.fields.first { $0.name == name }
                let what = field.map { "'\(written)' is \($0.type.schemaSpelling), not a string" } ?? "it names no field, path parameter or 'id' of collection '\(collection.name)'"
                diagnostics.error("owner(\(written)): \(what); the signed-in user's uid is compared with a string field, a path parameter or 'id'", at: syntax.location)
                return nil
            }
            return .owner(name)
        }
    }

    /// Checks each `member(Collection)` of the collections' access, once every collection is known:
    /// it names a collection whose documents lie under the document the rule guards, or above it.
    mutating func checkMemberAccess(_ syntaxes: [CollectionSyntax]) {
        for (syntax, collection) in zip(syntaxes, collections) {
            for entry in syntax.access?.entries ?? [] {
                guard case let .named(text) = entry.condition.value, case let .member(written)? = AccessCondition(schemaSpelling: text) else { continue }
                guard let members = collectionsByName[NameCase.upperCamel(written)] else {
                    let hint = Hint.closest(to: written, in: collections.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                    diagnostics.error("member(\(written)): there is no collection '\(written)'\(hint)", at: entry.condition.location)
                    continue
                }
                // (An access that did not resolve was reported already.)
                let unresolved = members.access == nil && syntaxes.contains { NameCase.upperCamel($0.object.name.value) == members.name && $0.access != nil }
                switch members.access?.create.condition {
                case .never?, .rule?, .member?: break
                case _ where unresolved: break
                case let condition:
                    let create = condition.map { "create: \($0.schemaSpelling)" } ?? "it declares no access"
                    diagnostics.warning(
                        "member(\(written)): a user may create their own document in \(members.name) (\(create)), so anyone signed in can make themselves a member; let trusted code add members (create: never, as the Admin SDKs do) or decide with a { rule: … }",
                        at: entry.condition.location
                    )
                }
                if collection.memberPath(of: members) == nil {
                    diagnostics.error(
                        "member(\(written)): \(members.name)'s collection '\(members.pathText)' is not under a \(collection.name) document ('\(collection.pathText)/{id}') or a document above one, so the rules cannot find the user's document there by the guarded document's path",
                        at: entry.condition.location
                    )
                }
            }
        }
    }

    /// Whether `name` is `id`, a path parameter, or a field holding a string.
    private func isOwnerKey(_ name: String, of collection: CollectionDefinition) -> Bool {
        name == "id" || collection.pathParameters.contains { $0.name == name }
            || collection.fields.contains { $0.name == name && $0.type.nonOptional == .string }
    }
}
