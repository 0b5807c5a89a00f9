/// A schema file as written: names, type spellings and predicates still unresolved, each with
/// its location. The loader produces it; the validator turns it into a ``Model``.
public struct SchemaSyntax: Sendable {
    public var file: String
    public var model: Located<String>
    public var doc: String?
    /// Settings for the languages, by language then key: `kotlin: { package: … }`.
    public var settings: [String: [String: SettingValue]] = [:]
    public var types: [ObjectSyntax] = []
    public var collections: [CollectionSyntax] = []
    public var streams: [StreamSyntax] = []
    public var writes: [WriteSyntax] = []
    /// Problems the loader found in parts it then left out; validation reports them too.
    public var problems: [Diagnostic] = []
    /// What the loader left out, so references to it are not reported again as unknown.
    public var skipped = SkippedDeclarations()
}

/// Declarations the loader left out because of a problem it reported, by name as written.
public struct SkippedDeclarations: Sendable {
    /// Embedded types and collections.
    public var types: Set<String> = []
    public var streams: Set<String> = []
    /// Fields, by the name of the type or collection that declares them.
    public var fields: [String: Set<String>] = [:]
    /// The collections and streams that left-out streams read, still to be checked.
    public var references: [Reference] = []

    /// A name a left-out stream reads: a collection (`from`, `document`) or a stream.
    public struct Reference: Sendable {
        public var name: Located<String>
        public var isCollection: Bool
    }
}

/// An embedded value type or a string enum (`types:`), or the document type of a collection.
public struct ObjectSyntax: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var fields: [FieldSyntax]
    /// A string enum's values (`Rank: [bronze, silver, gold]`); nil for a type of fields.
    public var values: [Located<String>]? = nil
    /// Names the type takes in some languages instead (`rename: { swift: TodoTask }`), by language.
    public var renames: [(language: Located<String>, name: Located<String>)] = []
}

public struct FieldSyntax: Sendable {
    public var name: Located<String>
    public var type: Located<TypeSyntax>
    public var key: Located<String>?
    public var defaultValue: Located<Literal>?
    public var doc: String?
    /// When the server sets the field to its time: `create`, `update`, each located.
    public var serverTimestamp: [Located<String>] = []
    /// Declared constraints as written (`min: 0`, `maxLength: 500`, `values: [a, b]`), in order.
    public var constraints: [ConstraintSyntax] = []
}

/// One declared constraint of a field: its rule's name and its value, each located.
public struct ConstraintSyntax: Sendable {
    public var rule: Located<String>
    public var value: Located<Value>

    /// A bound (`min`, `maxLength`, …) or the allowed strings of `values`.
    public enum Value: Sendable {
        case number(Literal)
        case strings([String])
    }
}

/// A field type as written: `string`, `Attachment`, `[T]`, `map<T>`, `T?`.
public indirect enum TypeSyntax: Hashable, Sendable {
    case named(String)
    case array(TypeSyntax)
    case map(TypeSyntax)
    /// `reference<Member>`: a reference to a document of the collection named.
    case reference(String)
    case optional(TypeSyntax)
}

public struct CollectionSyntax: Sendable {
    public var object: ObjectSyntax
    public var path: Located<String>
    /// Places the characters of `path`, for errors inside it.
    public var pathLocator: TextLocator
    public var orderBy: [OrderSyntax]
    /// Who may read and write the documents (`access:`); nil when the schema does not say.
    public var access: AccessSyntax? = nil
}

/// A `limit` or `limitToLast`: a whole number above zero, or a `$parameter` (as written, without `$`).
public enum LimitSyntax: Hashable, Sendable {
    case count(Int)
    case parameter(String)
}

/// A bound of a store query as written: `startAfter: $after`, a row of the stream; or
/// `startAt: [$minimumRating, "b"]`, values for the first keys of its order.
public struct CursorSyntax: Sendable {
    public enum Position: Sendable {
        /// The parameter's name, without `$`.
        case row(Located<String>)
        /// Each a literal or a `$parameter`.
        case values([OperandSyntax])
    }

    /// `startAt`, `startAfter`, `endAt` or `endBefore`.
    public var key: Located<String>
    public var position: Position

    public static let keys = ["startAt", "startAfter", "endAt", "endBefore"]
}

/// One `orderBy` key: a field path and a direction.
public struct OrderSyntax: Hashable, Sendable {
    public var path: Located<[String]>
    public var descending: Bool
}

public struct StreamSyntax: Sendable {
    public enum Kind: Sendable {
        case document(collection: Located<String>)
        /// A store query; `group` (`group: true`) reads every collection of the collection's id, wherever it is.
        case from(
            collection: Located<String>, filter: PredicateSyntax?, orderBy: [OrderSyntax]?, limit: Located<LimitSyntax>?, limitToLast: Located<LimitSyntax>?,
            cursors: [CursorSyntax], group: Located<Bool>?
        )
        case filter(input: Located<String>, filter: PredicateSyntax)
        /// How many rows match `filter`; with `by`, for each value of that field.
        case count(input: Located<String>, filter: PredicateSyntax?, by: Located<[String]>?)
        case join(JoinSyntax)
        /// The first row of each value of the field `by` (dotted through embedded types).
        case distinct(input: Located<String>, by: Located<[String]>)
        /// The rows of `input` ordered by `orderBy` (ties in the input's order), the first `limit` of them.
        case sort(input: Located<String>, orderBy: [OrderSyntax], limit: Located<LimitSyntax>?)
        /// The sum, average, minimum or maximum of the field `of` (dotted) over the rows that match
        /// `filter`; with `by`, for each value of that field.
        case aggregate(AggregateFunction, input: Located<String>, of: Located<[String]>, filter: PredicateSyntax?, by: Located<[String]>?)
        /// The latest value of each of `inputs`, as a record named `typeName` (else after the stream).
        case combine(inputs: [Located<String>], typeName: Located<String>?)
    }

    public var name: Located<String>
    public var doc: String?
    public var kind: Kind
    /// How long, in milliseconds, the stream waits for its input to be quiet before it emits.
    public var debounce: Int? = nil
}

extension StreamSyntax.Kind {
    /// Whether the stream emits a list of rows, and so can be the input of a filter, count or join.
    public var emitsRows: Bool {
        switch self {
        case .from, .filter, .join, .distinct, .sort: true
        case .document, .count, .aggregate, .combine: false
        }
    }
}

public struct JoinSyntax: Sendable {
    public var left: Located<String>
    public var right: Located<String>
    public var on: PredicateSyntax
    public var onLocation: SourceLocation
    public var alias: Located<String>
    public var inner: Bool
    public var typeName: Located<String>?
}

/// A predicate as parsed from a `where:` or `on:` string.
public indirect enum PredicateSyntax: Sendable {
    case comparison(OperandSyntax, Located<ComparisonOperator>, OperandSyntax)
    case and(PredicateSyntax, PredicateSyntax)
    case or(PredicateSyntax, PredicateSyntax)
    case not(PredicateSyntax, at: SourceLocation)
}

public struct OperandSyntax: Sendable {
    public enum Kind: Sendable {
        case field([String])
        case parameter(String)
        case literal(Literal)
        case list([OperandSyntax])
    }

    public var kind: Kind
    public var location: SourceLocation
}
