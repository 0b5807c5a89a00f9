import Testing
@testable import ModelgenCore

/// A declared write's parameters: one name, one type, taken from every use.
@Suite struct DeclaredWriteParameterTests {
    static let board = """
        model: Board
        collections:
          Card:
            path: cards
            fields: { title: string, assigneeId: string?, reviewerId: string? }
        streams:
          cards: { from: Card }
          assigned: { filter: cards, where: assigneeId == $assigneeId }
          assignedCount: { count: assigned }
        writes:

        """

    /// A value fits an optional field: the parameter that sets one takes the type its other use,
    /// the check's comparison, needs (issue 41, a task board's `openTask`).
    @Test func aParameterSettingAnOptionalFieldAndCheckedIsTheFieldsType() throws {
        let model = try Schemas.model(Self.board + """
              openCard:
                create: Card
                set: { title: $title, assigneeId: $assigneeId, reviewerId: $assigneeId }
                check: assignedCount < 5
            """)
        let write = try #require(model.declaredWrites.first)
        #expect(write.parameters.map { "\($0.name): \($0.type.schemaSpelling)" } == ["title: string", "assigneeId: string"])
        #expect(write.values.map(\.value) == [
            .parameter(Parameter(name: "title", type: .string)),
            .parameter(Parameter(name: "assigneeId", type: .string)),
            .parameter(Parameter(name: "assigneeId", type: .string)),
        ])
    }

    /// Without another use, the parameter of an optional field is optional: null clears it.
    @Test func aParameterSettingOnlyOptionalFieldsStaysOptional() throws {
        let model = try Schemas.model(Self.board + """
              assign:
                update: Card
                set: { assigneeId: $person, reviewerId: $person }
            """)
        #expect(model.declaredWrites.first?.parameters.map { "\($0.name): \($0.type.schemaSpelling)" } == ["person: string?"])
    }

    /// Types that differ by more than being optional still clash.
    @Test func aParameterOfTwoTypesIsStillAnError() {
        #expect(Schemas.errors(Self.board + """
              openCard:
                create: Card
                set: { title: $title, assigneeId: $title }
                check: assignedCount < $title
            """) == ["test.yaml:14:28: error: parameter 'title' of write 'openCard' is int here but string elsewhere; a parameter has one type"])
    }
}
