import Testing
@testable import ModelgenCore

/// How a trace is held to a vector's expectations, as the language runners and the runner on
/// Firestore's emulator are.
@Suite struct TraceCheckTests {
    static let vector = """
    schema: |
      model: M
      collections:
        A: { path: as, fields: { x: double } }
      streams:
        all: { from: A }
    steps:
      - subscribe: rows
        stream: all
      - update: as/missing
        fields: { x: 1.0 }
      - set: as/a
        data: { x: -0.0 }
      - expect:
          rows: [[], [{ id: a, x: -0.0 }], !error the listener ended]
          writeErrors: ["no document at 'as/missing'"]
    """

    static let trace = Trace(parsing: """
    step 1
    emit rows []
    step 2
    writeError Firestore refused: NOT_FOUND: no entity to update
    step 3
    emit rows [{"id": "a", "x": 0.0}]
    error rows PERMISSION_DENIED
    """)

    @Test func theLanguagesAreHeldToEveryWordAndSign() throws {
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: Self.vector))
        let difference = TraceCheck.firstDifference(Self.trace, vector)
        #expect(difference?.contains("emission 2 of 'rows' differs") == true, "\(difference ?? "")")
    }

    @Test func onTheEmulatorRefusalsMatchByPlaceAndZeroByValue() throws {
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: Self.vector))
        #expect(TraceCheck.firstDifference(Self.trace, vector, messages: false, signOfZero: false) == nil)
        // Each allowance alone leaves the other difference.
        #expect(TraceCheck.firstDifference(Self.trace, vector, messages: false)?.contains("emission 2 of 'rows' differs") == true)
        #expect(TraceCheck.firstDifference(Self.trace, vector, signOfZero: false)?.contains("emission 3 of 'rows' differs") == true)
    }

    @Test func aRefusalOrAnErrorMissingOnTheEmulatorIsADifference() throws {
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: Self.vector))
        let accepted = Trace(parsing: "step 1\nemit rows []\nstep 3\nemit rows [{\"id\": \"a\", \"x\": 0.0}]\nerror rows gone")
        let difference = TraceCheck.firstDifference(accepted, vector, messages: false, signOfZero: false)
        #expect(difference?.contains("write error 1 is missing by step 3") == true, "\(difference ?? "")")
    }

    @Test func aSkippedRunSaysWhy() {
        #expect(Trace(parsing: "step 1\nskip a server timestamp").skipped == "a server timestamp")
        #expect(Self.trace.skipped == nil)
    }
}
