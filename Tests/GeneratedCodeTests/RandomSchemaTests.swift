import Foundation
@testable import ModelgenCore
import Testing

/// Every valid schema compiles: random schemas (renames in each language, enums, references,
/// embedded types, collection groups, cursors, combines, declared writes, names close to each
/// language's reserved ones), those the validator takes generated and compiled in the three
/// languages where users build (Swift in an Xcode 26 app target, Kotlin 2.2, TypeScript 6.0 and
/// 5.9 under the strict preset). A failure prints the smallest schema that fails.
///
/// `MODELGEN_RANDOM_SCHEMAS` (default 120) and `MODELGEN_RANDOM_SEED` (default 37) set how many
/// and which; `scripts/compile-random-schemas --count N --seed S` runs more.
@Suite(.serialized) struct RandomSchemaTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = environment["MODELGEN_RANDOM_SCHEMAS"].flatMap(Int.init) ?? 120
    static let seed = environment["MODELGEN_RANDOM_SEED"].flatMap(UInt64.init) ?? 37

    /// The schemas of the run, generated once, and the models of those the validator takes.
    static let run: (sketches: [SchemaSketch], models: [Model]) = {
        let compiler = RandomSchemaCompiler()
        var generator = SchemaSketchGenerator(seed: seed, typeNames: TypeNames())
        let sketches = (0..<count).map { generator.sketch(file: "s\($0)") }
        let models = sketches.compactMap { try? compiler.model($0).get() }
        return (sketches, models)
    }()

    @Test func mostRandomSchemasAreValid() {
        let (sketches, models) = Self.run
        print("random schemas: \(models.count) of \(sketches.count) valid (seed \(Self.seed))")
        let refusals = sketches.compactMap { sketch -> String? in
            guard case let .failure(error) = RandomSchemaCompiler().model(sketch) else { return nil }
            return error.diagnostics.first { $0.severity == .error }.map(\.description)
        }
        #expect(models.count * 10 >= sketches.count * 6, "the generator should make mostly valid schemas; refused:\n\(refusals.joined(separator: "\n"))")
    }

    @Test(arguments: RandomSchemaCompiler.Target.allCases)
    func everyValidSchemaCompiles(for target: RandomSchemaCompiler.Target) throws {
        let compiler = RandomSchemaCompiler()
        let (sketches, models) = Self.run
        let start = ContinuousClock.now
        do {
            try compiler.compile(models, for: target)
            print("random schemas: \(models.count) compiled for \(target) in \(ContinuousClock.now - start)")
        } catch let failure as RandomSchemaCompiler.Failure {
            let culprits = compiler.culprits(of: failure, among: models).compactMap { culprit in
                sketches.first { $0.file + ".yaml" == culprit.schemaFileName }
            }
            guard let sketch = culprits.first, let (smallest, reason) = compiler.shrink(sketch, failingFor: target, with: failure) else {
                Issue.record("the random schemas' code does not compile (seed \(Self.seed)):\n\(failure)")
                return
            }
            Issue.record("""
                the code of \(sketch.file).yaml (seed \(Self.seed)) does not compile; the smallest schema that fails:
                \(smallest.yaml)
                \(reason)
                """)
        }
    }
}
