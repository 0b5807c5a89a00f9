import Testing
@testable import ModelgenCore

@Suite struct VectorLoaderTests {
    private static func vector(updating fields: String) -> String {
        """
        schema: |
          model: T
          collections:
            Item: { path: items, fields: { n: int } }
          streams:
            items: { from: Item }
        steps:
          - update: items/a
            fields: \(fields)
        """
    }

    private static func load(updating fields: String) throws(DiagnosticsError) -> [(path: [String], update: VectorFieldUpdate)] {
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: vector(updating: fields)))
        guard case let .update(_, fields)? = vector.steps.first?.action else { return [] }
        return fields
    }

    /// A field update as its canonical text, for comparing.
    private static func text(_ update: VectorFieldUpdate) -> String {
        switch update {
        case let .value(value): "value \(CanonicalText.of(value))"
        case .delete: "delete"
        case let .increment(operand): "increment \(CanonicalText.of(operand))"
        case let .arrayUnion(values): "arrayUnion \(CanonicalText.of(.array(values)))"
        case let .arrayRemove(values): "arrayRemove \(CanonicalText.of(.array(values)))"
        case let .keys(keys): "keys " + keys.map { "\($0.key): \(text($0.update))" }.joined(separator: ", ")
        }
    }

    @Test func updatesReadValuesAndFieldTransforms() throws {
        let fields = try Self.load(updating: """
        { a: 1, b.c: !delete "", d: !increment 2, e: !increment -0.0, f: !increment .nan, g: !increment 1e+16, h: !arrayUnion [1, x], i: !arrayRemove [] }
        """)
        #expect(fields.map(\.path) == [["a"], ["b", "c"], ["d"], ["e"], ["f"], ["g"], ["h"], ["i"]])
        #expect(fields.map { Self.text($0.update) } == [
            "value 1", "delete", "increment 2", "increment -0.0", "increment nan", "increment 1e+16", "arrayUnion [1, \"x\"]", "arrayRemove []",
        ])
    }

    @Test func aDeleteInBlockStyleNeedsNoValue() throws {
        let fields = try Self.load(updating: "\n      n: !delete\n      m: !serverTimestamp")
        #expect(fields.map { Self.text($0.update) } == ["delete", "value serverTimestamp"])
    }

    @Test func badTransformsAreLocated() {
        let cases: [(String, String)] = [
            ("{ n: !increment x }", "v.yaml:9:18: error: '!increment' takes an int or a double"),
            ("{ n: !arrayUnion 3 }", "v.yaml:9:18: error: '!arrayUnion' takes a list"),
            ("{ n: !delete 5 }", "v.yaml:9:18: error: '!delete' takes no value"),
            ("{ n: !incremnt 2 }", "v.yaml:9:18: error: unknown tag '!incremnt': an update's field takes a value, !delete, !increment, !arrayUnion or !arrayRemove"),
            ("{ n: 1, \"`n`\": 2 }", "v.yaml:9:28: error: field '`n`' is updated twice"),
            ("{ n: !keys { a: 1 } }", "v.yaml:9:18: error: unknown tag '!keys': an update's field takes a value, !delete, !increment, !arrayUnion or !arrayRemove (!keys is for a typed update of a map: a store update names a key by its path, 'm.k')"),
        ]
        for (fields, message) in cases {
            #expect(throws: DiagnosticsError.self) { try Self.load(updating: fields) }
            do {
                _ = try Self.load(updating: fields)
            } catch {
                #expect(error.description == message, "\(fields)")
            }
        }
    }
}
