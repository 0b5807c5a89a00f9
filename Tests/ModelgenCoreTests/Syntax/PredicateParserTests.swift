import Testing
@testable import ModelgenCore

@Suite struct PredicateParserTests {
    let locator = TextLocator.exact(at: SourceLocation(file: "s.yaml", line: 3, column: 10))

    /// A compact rendering of the tree: `(a == 1)`, `and(…)`, `not(…)`.
    func shape(_ text: String) throws -> String {
        func operand(_ value: OperandSyntax) -> String {
            switch value.kind {
            case let .field(path): path.joined(separator: ".")
            case let .parameter(name): "$" + name
            case let .literal(literal): LiteralDescription.describe(literal)
            case let .list(items): "[" + items.map { operand($0) }.joined(separator: ",") + "]"
            }
        }
        func render(_ predicate: PredicateSyntax) -> String {
            switch predicate {
            case let .comparison(l, op, r): "(\(operand(l)) \(op.value.rawValue) \(operand(r)))"
            case let .and(l, r): "and(\(render(l)), \(render(r)))"
            case let .or(l, r): "or(\(render(l)), \(render(r)))"
            case let .not(p, _): "not(\(render(p)))"
            }
        }
        return render(try PredicateParser.parse(text, locator: locator))
    }

    func error(_ text: String) -> String? {
        do {
            _ = try PredicateParser.parse(text, locator: locator)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func comparisonsOfEveryOperator() throws {
        #expect(try shape("a == 1") == "(a == 1)")
        #expect(try shape("a != $x") == "(a != $x)")
        #expect(try shape("a<1.5") == "(a < 1.5)")
        #expect(try shape("a <= -2") == "(a <= -2)")
        #expect(try shape("a > true") == "(a > true)")
        #expect(try shape("a >= null") == "(a >= null)")
        #expect(try shape(#"a in ["x", 'y']"#) == #"(a in ["x","y"])"#)
        #expect(try shape("tags contains $t") == "(tags contains $t)")
        #expect(try shape(#"a not in ["x"]"#) == #"(a not in ["x"])"#)
        #expect(try shape("tags contains any $t and not a in $u") == "and((tags contains any $t), not((a in $u)))")
        #expect(try shape("tags contains `any`") == "(tags contains any)", "a field named any, in backticks")
        #expect(try shape("owner.address.city == \"Tokyo\"") == "(owner.address.city == \"Tokyo\")")
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        #expect(try shape("a == 1 or b == 2 and c == 3") == "or((a == 1), and((b == 2), (c == 3)))")
        #expect(try shape("not a == 1 and b == 2") == "and(not((a == 1)), (b == 2))")
        #expect(try shape("(a == 1 or b == 2) and c == 3") == "and(or((a == 1), (b == 2)), (c == 3))")
        #expect(try shape("a == 1 and b == 2 and c == 3") == "and(and((a == 1), (b == 2)), (c == 3))")
        #expect(try shape("not not a == 1") == "not(not((a == 1)))")
    }

    @Test func stringEscapesAndNonBMPText() throws {
        // Parsed, then written back with the escapes a predicate takes.
        #expect(try shape(#"a == "q\"\\\n\u{1F600}""#) == #"(a == "q\"\\\n😀")"#)
        #expect(try shape("a == '😀 é'") == "(a == \"😀 é\")")
    }

    @Test func backticksQuoteKeywordsAsFieldNames() throws {
        #expect(try shape("`in` == 1 and `not`.x == 2") == "and((in == 1), (not.x == 2))")
    }

    @Test func numbers() throws {
        #expect(try shape("a == 1e3") == "(a == 1000.0)")
        #expect(try shape("a == 9007199254740991") == "(a == 9007199254740991)")
    }

    @Test func errorsPointAtTheirColumn() {
        #expect(error("a = 1") == "s.yaml:3:12: error: unexpected '='; '==' compares values")
        #expect(error("a == ") == "s.yaml:3:15: error: expected a field, a $parameter or a value, found the end of the predicate")
        #expect(error("(a == 1") == "s.yaml:3:17: error: missing ')' to close the '(' at column 10")
        #expect(error("a == 1 b == 2") == "s.yaml:3:17: error: expected 'and', 'or' or the end of the predicate, found 'b'")
        #expect(error("a 1") == "s.yaml:3:12: error: expected a comparison operator (== != < <= > >= in, not in, contains, contains any), found '1'")
        #expect(error("a not == 1") == "s.yaml:3:16: error: expected 'in' after 'not' here ('not in'); to negate a comparison, put 'not' before it")
        #expect(error("a == \"open") == "s.yaml:3:15: error: unterminated string literal")
        #expect(error("a == 1 && b == 2") == "s.yaml:3:17: error: unexpected '&'; write 'and'")
        #expect(error("a == $") == "s.yaml:3:15: error: expected a parameter name after '$'")
        #expect(error(#"a == "\q""#) == #"s.yaml:3:16: error: unknown escape '\q' in string"#)
        #expect(error("a == 99999999999999999999") == "s.yaml:3:15: error: integer literal is out of range")
        #expect(error("a in [1, 2") == "s.yaml:3:20: error: expected ',' or ']' in list, found the end of the predicate")
        #expect(error("and == 1") == "s.yaml:3:10: error: expected a field, a $parameter or a value, found 'and'")
        #expect(error("a. == 1") == "s.yaml:3:13: error: expected a field name after '.', found '=='")
    }

    @Test func inexactLocatorsPointAtTheScalar() {
        let start = SourceLocation(file: "s.yaml", line: 3, column: 10)
        #expect(throws: Diagnostic.error("unexpected '='; '==' compares values", at: start)) {
            try PredicateParser.parse("a = 1", locator: TextLocator(start: start, exact: false))
        }
    }
}
