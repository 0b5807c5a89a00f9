import Stencil

/// A value that templates read by name. Stencil looks its fields up through
/// `DynamicMemberLookup` instead of reflecting on it, which on a struct describes the whole
/// value on every lookup.
///
/// A list of lines reaches a template as ``TemplateLines``, for the `indented` and `block`
/// filters, and an empty one as nil, so that `{% if lines %}` reads as it should.
protocol TemplateContext: DynamicMemberLookup {
    /// The fields templates may read, by name.
    static var templateFields: [String: TemplateField<Self>] { get }
}

extension TemplateContext {
    subscript(dynamicMember member: String) -> Any? {
        Self.templateFields[member].flatMap(value)
    }

    /// Every field by name: the context of a template that renders this value alone and reads its
    /// fields as `{{ name }}`. Stencil finds a name in its context several times faster than it
    /// finds a field of a value (`{{ type.name }}`).
    var templateVariables: [String: Any] {
        Self.templateFields.compactMapValues(value)
    }

    private func value(_ field: TemplateField<Self>) -> Any? {
        switch self[keyPath: field] {
        case let lines as [String]: return lines.isEmpty ? nil : TemplateLines(lines)
        case let lines as [String]?: return lines.flatMap { $0.isEmpty ? nil : TemplateLines($0) }
        case let value: return value
        }
    }
}

/// A field of a ``TemplateContext``.
typealias TemplateField<Root> = PartialKeyPath<Root> & Sendable

/// Lines for the `indented` and `block` filters. Not an array, so that Stencil hands it over as
/// it is rather than copying it into an array of `Any` on every lookup.
final class TemplateLines: CustomStringConvertible {
    let lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    var description: String { lines.joined(separator: "\n") }
}
