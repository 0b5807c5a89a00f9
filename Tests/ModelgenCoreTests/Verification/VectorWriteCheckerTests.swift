import Testing
@testable import ModelgenCore

@Suite struct VectorWriteCheckerTests {
    static let schema = """
    schema: |
      model: T
      types:
        Note:
          fields: { text: string }
      collections:
        Task:
          path: projects/{projectId}/tasks
          fields:
            title: string
            points: { type: int, default: 0 }
            tags: "[string]"
            note: Note?
            done: timestamp?
            createdAt: { type: timestamp?, serverTimestamp: create }
            votes: { type: "map<int>", default: {} }
            labels: { type: "map<[string]>?" }
            seen: { type: "map<timestamp>", default: {} }
      streams:
        tasks: { from: Task }
    steps:

    """

    private func problems(_ steps: String) throws -> [String] {
        let vector = try VectorLoader().load(SchemaSource(path: "v.yaml", text: Self.schema + steps))
        let model = try SchemaValidator().validate(try YAMLSchemaLoader().load(vector.schema), baseName: "v")
        return VectorChecker.problems(vector, model).map(\.message)
    }

    @Test func aGoodWriteHasNoProblems() throws {
        #expect(try problems("""
          - write: createTask
            with: { projectId: p, id: t, title: x, tags: [a], mustNotExist: true }
          - write: updateTask
            with: { projectId: p, id: t, points: !increment 2, tags: !arrayRemove [a], done: !serverTimestamp "" }
          - write: updateTask
            with: { projectId: p, id: t, votes: !keys { a: !increment 1, b: !delete "", a.b: 2 }, labels: !keys { x: !arrayUnion [y] } }
          - write: updateTask
            with: { projectId: p, id: t, votes: !keys {} }
          - batch:
              - write: deleteTask
                with: { projectId: p, id: t, mustExist: false }
        """) == [])
    }

    @Test func mistakesAreNamed() throws {
        #expect(try problems("""
          - write: creatTask
          - write: createTask
            with: { projectId: p, title: 1, points: 0.5, createdAt: !timestamp 2024-01-01T00:00:00Z, note: 5 }
          - write: updateTask
            with: { projectId: p, id: t, title: !delete "", points: !increment 0.5, tags: !arrayUnion [1], done: !increment 1, note: !delete "" }
          - write: deleteTask
            with: { projectId: p, id: t, mustExist: 1, mustNotExist: true, unchangedSince: { title: x } }
          - write: updateTask
            with: { projectId: p, id: t, title: !keys { a: x }, votes: !keys { a: x, b: !arrayUnion [1] }, seen: !keys { a: !serverTimestamp "" } }
          - write: createTask
            with: { projectId: p, id: t, title: x, tags: [], votes: !keys { a: 1 } }
        """) == [
            "the model has no write 'creatTask'; did you mean 'createTask'?",
            "'title' is string; 1 does not fit",
            "'points' is int; 0.5 does not fit",
            "the server sets 'createdAt'; it takes 'projectId', 'id', 'title', 'points', 'tags', 'note', 'done', 'votes', 'labels', 'seen' or 'mustNotExist'",
            "'note' is Note?; 5 does not fit",
            "write 'createTask' needs 'id' in 'with': a new id would differ from run to run",
            "write 'createTask' needs 'tags' in 'with'",
            "'title' is string; only an optional field can be deleted",
            "'points' is int; an increment by 0.5 does not fit",
            "'tags' is [string]; [1] does not fit",
            "'done' is timestamp?; only a number can be incremented",
            "'mustExist' is true or false",
            "'deleteTask' has no argument 'mustNotExist'; it takes 'projectId', 'id', 'mustExist' or 'unchangedSince'",
            "'unchangedSince' is a document of Task as read: a map of its 'id' and stored fields",
            "'title' is string; only a map takes changes of its keys",
            "'votes[a]' is int; \"x\" does not fit",
            "'seen[a]' is timestamp; a server timestamp does not fit",
            "a create takes values; transforms are for updates and merges",
        ])
    }
}
