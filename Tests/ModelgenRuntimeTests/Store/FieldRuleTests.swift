import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// The constraints the generated typed writes check (`FieldRule.checked`); vector
/// constraints.yaml checks the same in every language.
@Suite struct FieldRuleTests {
    let rules: [FieldRule] = [
        .length("title", key: "title", min: 1, max: 3),
        .range("points", key: "pts", min: .int(0), max: .int(10)),
        .range("ratio", key: "ratio", min: .double(0.5), max: nil),
        .items("tags", key: "tags", min: nil, max: 1),
        .oneOf("status", key: "status", ["open", "done"]),
    ]

    @Test func aWriteWithinTheRulesIsReturnedAsItIs() throws {
        let write = DocumentWrite.set(["c", "a"], ["title": "abc", "pts": 10, "ratio": .double(.infinity), "tags": ["x"], "status": "done"])
        #expect(try FieldRule.checked(rules, write) == write)
    }

    @Test func everyViolationIsListedInTheOrderOfTheRules() {
        let write = DocumentWrite.set(["c", "a"], ["title": "e\u{301}e\u{301}", "pts": -1, "ratio": .double(.nan), "tags": ["x", "y"], "status": "Open"])
        #expect(throws: ConstraintError(violations: [
            "'title' must have at most 3 characters", "'points' must be at least 0", "'ratio' must be at least 0.5",
            "'tags' must have at most 1 item", "'status' must be one of 'open', 'done'",
        ])) { try FieldRule.checked(rules, write) }
    }

    /// As Firestore's security rules measure a string (`size()`): an emoji beyond the BMP is two.
    @Test func lengthsCountUTF16CodeUnits() throws {
        let fits = DocumentWrite.set(["c", "a"], ["title": "\u{1F600}a", "pts": 1, "status": "open"])
        #expect(try FieldRule.checked(rules, fits) == fits)
        #expect(throws: ConstraintError(violations: ["'title' must have at most 3 characters"])) {
            try FieldRule.checked(rules, .set(["c", "a"], ["title": "\u{1F600}\u{1F600}", "pts": 1, "status": "open"]))
        }
    }

    @Test func nullsPendingTimestampsTransformsAndDeletesAreNotChecked() throws {
        let update = DocumentWrite.update(["c", "a"], [["title"]: .value(.null), ["pts"]: .increment(100), ["tags"]: .arrayUnion(["a", "b"]), ["ratio"]: .delete])
        #expect(try FieldRule.checked(rules, update) == update)
        #expect(throws: ConstraintError(violations: ["'title' must have at least 1 character"])) {
            try FieldRule.checked(rules, .update(["c", "a"], [["title"]: .value("")]))
        }
        #expect(try FieldRule.checked(rules, .delete(["c", "a"])) == .delete(["c", "a"]))
        #expect(ConstraintError(violations: ["a", "b"]).description == "a; b")
    }
}
