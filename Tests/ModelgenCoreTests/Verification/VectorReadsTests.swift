import Foundation
import Testing
@testable import ModelgenCore

@Suite struct VectorReadsTests {
    static let vector = """
    schema: |
      model: M
      collections:
        A: { path: as, fields: { x: double } }
      streams:
        all: { from: A }
        count: { count: all }
    steps:
      - subscribe: rows
        stream: all
      - subscribe: n
        stream: count
      - expect:
          rows: [[]]
          n: [0]
          decodeFailures: []
      - cancel: n
      - set: as/a
        data: { x: -0.0 }
      - expect:
          rows: [[], [{ id: a, x: -0.0 }]]
          n: [0]
    """

    @Test func everySubscriptionStillOpenIsReadBeforeEachExpect() throws {
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: Self.vector)).readingEveryStream()
        let reads = vector.steps.compactMap { step -> String? in
            guard case let .read(label, stream, _) = step.action else { return nil }
            return "\(label) \(stream)"
        }
        #expect(reads == ["rows-read3 all", "n-read4 count", "rows-read8 all"], "n is not read once cancelled")
        guard case let .expect(last) = vector.steps.last?.action else {
            Issue.record("the last step is an expect")
            return
        }
        let read = last.first { $0.subject == .emissions(label: "rows-read8") }
        #expect(read?.lines == [#"[{"id": "a", "x": -0.0}]"#])
        #expect(read?.signOfZeroMatters == false)
        guard case let .expect(first) = vector.steps[4].action else {
            Issue.record("step 5 is an expect")
            return
        }
        #expect(!first.contains { $0.subject == .decodeFailures }, "reads report decode failures again")
    }

    @Test func theSignOfZeroIsIgnoredOnlyOutsideStrings() {
        #expect(CanonicalText.ignoringSignOfZero(#"[{"x": -0.0}, -0.0, [-0.0], "-0.0", "a\"-0.0", -0.01]"#)
            == #"[{"x": 0.0}, 0.0, [0.0], "-0.0", "a\"-0.0", -0.01]"#)
    }
}
