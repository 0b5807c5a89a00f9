import Foundation
import Testing
@testable import ModelgenCore

@Suite struct VectorWriterTests {
    /// Values YAML could read as something else, and the doubles and strings the contract cares about.
    static let awkward: [VectorValue] = [
        .string("true"), .string("null"), .string("No"), .string("1"), .string("1.5"), .string(".nan"), .string("a: b"), .string("- x"),
        .string(""), .string(" padded "), .string("quote \" and \\ back"), .string("line\nbreak\ttab\r"), .string("bell \u{7} del \u{7F} c1 \u{85}\u{9F} \u{FFFF}"),
        .string("\u{E9}"), .string("e\u{301}"), .string("\u{1F600}"), .string("#comment"), .string("!tag"), .string("[x]"), .string("{x}"),
        .double(.nan), .double(-0.0), .double(0.0), .double(.infinity), .double(-.infinity), .double(1e16), .double(.leastNonzeroMagnitude), .double(-2.5),
        .int(.min), .int(.max), .int(0), .bool(false), .null, .serverTimestamp,
        .timestamp(.init(seconds: -1, nanoseconds: 999_999_999)), .timestamp(.init(seconds: 1_704_067_200, nanoseconds: 1)),
        .array([.int(1), .double(1.0), .array([])]), .map([(key: "a.b", value: .map([])), (key: "true", value: .string("x")), (key: "", value: .null)]),
    ]

    @Test(arguments: awkward)
    func aValueReadsBackAsItself(_ value: VectorValue) throws {
        let schema = Schemas.packageRoot.appendingPathComponent("schemas/chat.yaml").path
        let text = "schema: \(schema)\nsteps:\n  - set: as/a\n    data: { v: \(YAMLText.value(value)) }\n"
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: text))
        guard case let .set(_, data) = try #require(vector.steps.first).action else { Issue.record("not a set"); return }
        let read = VectorValue.map(data)
        #expect(CanonicalText.of(read) == CanonicalText.of(.map([(key: "v", value: value)])), "\(text)")
    }

    @Test(arguments: awkward)
    func canonicalTextParsesBack(_ value: VectorValue) {
        #expect(CanonicalParser.value(CanonicalText.of(value)).map(CanonicalText.of) == CanonicalText.of(value))
    }

    @Test func textThatIsNoCanonicalValueIsRefused() {
        for text in ["", "[1,2]", "{a: 1}", "\"open", "timestamp(2024)", "nul", "[1, 2", "1 2"] {
            #expect(CanonicalParser.value(text) == nil, "\(text)")
        }
    }

    @Test func fieldPathsWithDotsAndBackticksReadBack() {
        for segments in [["a"], ["a", "b"], ["a.b"], ["x", "`q`", "back\\slash"], [""]] {
            #expect(FieldPathText.segments(FieldPathText.text(segments)) == segments)
        }
        #expect(FieldPathText.segments("a.`b.c`.d") == ["a", "b.c", "d"])
    }

    /// Random scenarios of the torture schema (keys with dots, quotes, `$` and Unicode), with
    /// expectations, written and loaded again, are the same vector.
    @Test func writtenScenariosLoadBackTheSame() throws {
        let schemaPath = Schemas.packageRoot.appendingPathComponent("Tests/Schemas/torture.yaml").path
        let (_, vectors) = try ScenarioGeneratorTests.scenarios("torture", seed: 21, count: 100)
        let trace = Trace(parsing: "step 1\nemit s1 [{\"a\": nan}]\nerror s1 denied\ndone s1\ndecodeFailure bad\nwriteError no\nlisteners 2\nstep 2\nlisteners 0")
        let perLabel = ["s1", "s2"].map { Expectation(subject: .listenersOf(label: $0), lines: ["1"], location: .generated) }
        for vector in vectors {
            var expecting = vector
            expecting.steps = ExpectationWriter.steps(vector.steps.map(\.action), expecting: trace)
            expecting.steps.append(VectorStep(action: .expect(perLabel), location: perLabel[0].location, summary: ""))
            let text = VectorWriter(schemaPath: schemaPath).text(expecting, comment: ["a comment", ""])
            let loaded = try VectorLoader().load(SchemaSource(path: "v.yaml", text: text))
            #expect(VectorWriter(schemaPath: schemaPath).text(loaded, comment: ["a comment", ""]) == text)
        }
    }

    @Test func expectationsFollowTheStepsThatPrinted() {
        let trace = Trace(parsing: "step 1\nlisteners 1\nstep 2\nemit s [1]\nemit s [2]\nwriteError no\nlisteners 1\nstep 3\nlisteners 0")
        let steps = ExpectationWriter.steps([.subscribe(label: "s", stream: "x", arguments: []), .delete(path: ["as", "a"]), .cancel(label: "s")], expecting: trace)
        let lines = steps.flatMap { VectorWriter.step($0.action) }
        #expect(lines == [
            "subscribe: s", "stream: x", "expect:", "  listeners: 1",
            "delete: as/a", "expect:", "  s:", "    - [1]", "    - [2]", "  writeErrors:", "    - \"no\"",
            "cancel: s", "expect:", "  listeners: 0",
        ])
    }
}
