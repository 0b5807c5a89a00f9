import Foundation
import Yams

/// Reading a collection's `access:`: each operation's condition, a name or `{ rule: … }`.
extension YAMLNodeReader {
    mutating func readAccess(_ node: Node, at location: SourceLocation, of collection: String) -> AccessSyntax? {
        guard let entries = mapping(node, "the access of collection '\(collection)'") else { return nil }
        rejectUnknownKeys(entries, allowed: AccessSyntax.operations, in: "the access of collection '\(collection)'")
        var access = AccessSyntax(location: location, entries: [])
        // A misspelled operation is reported as such, not also as one not given.
        access.unreadable = entries.compactMap { entry in
            AccessSyntax.operations.contains(entry.key.value) ? nil : Hint.closest(to: entry.key.value, in: AccessSyntax.operations)
        }
        for (operation, value) in entries where AccessSyntax.operations.contains(operation.value) {
            guard let condition = readCondition(value, of: "'\(operation.value)' of collection '\(collection)'") else {
                access.unreadable.append(operation.value)
                continue
            }
            access.entries.append(AccessSyntax.Entry(operation: operation, condition: condition))
        }
        return access
    }

    /// `signedIn`, `owner(ownerUid)` as written, or `{ rule: "…" }`.
    private mutating func readCondition(_ node: Node, of what: String) -> Located<AccessSyntax.Condition>? {
        guard case .mapping = node else {
            return string(node, "the access \(what)").map { Located(.named($0.value.trimmingCharacters(in: .whitespaces)), at: $0.location) }
        }
        guard let entries = mapping(node, "the access \(what)") else { return nil }
        rejectUnknownKeys(entries, allowed: ["rule"], in: "the access \(what)")
        guard let rule = entries.first(where: { $0.key.value == "rule" }) else {
            if entries.isEmpty { error("the access \(what) is missing 'rule', a Firestore rules expression", at: node) }
            return nil
        }
        return string(rule.value, "'rule'").map { Located(.rule($0.value), at: $0.location) }
    }
}
