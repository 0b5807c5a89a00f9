import Benchmark
import Foundation
import ModelgenCore
import Synthetic
import _OpenAPIGeneratorCore

/// modelgen from schema text to every generated file in memory (load, validate, render); and
/// swift-openapi-generator turning an OpenAPI document of the same size into Swift types.
let benchmarks: @Sendable () -> Void = {
    // In milliseconds: left to choose, ordo-one prints a whole number of the unit it picks, and the
    // ten-times schema's 10.x s read as 10 s.
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)

    for collections in [1_000, 10_000] {
        let source = SchemaSource(path: "synthetic.yaml", text: SyntheticSchema.modelgen(collections: collections))
        Benchmark(
            "generator: \(collections) collections, all languages",
            configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: collections > 1_000 ? 3 : 10)
        ) { benchmark in
            let generator = try Generator(templates: TemplateEngine(), runtimes: RuntimeFiles())
            for _ in benchmark.scaledIterations {
                blackHole(try generator.render(try generator.models([source])))
            }
        }
    }

    let types = SchemaSource(path: "synthetic.yaml", text: SyntheticSchema.modelgen(collections: 1_000, streams: false))
    Benchmark("generator: 1000 collections, Swift types") { benchmark in
        var generator = try Generator(templates: TemplateEngine(), runtimes: RuntimeFiles())
        generator.languages = [Language.named("swift")!]
        for _ in benchmark.scaledIterations {
            blackHole(try generator.render(try generator.models([types])))
        }
    }

    let document = InMemoryInputFile(
        absolutePath: URL(fileURLWithPath: "/synthetic/openapi.yaml"),
        contents: Data(SyntheticSchema.openAPI(schemas: 1_000).utf8)
    )
    Benchmark("swift-openapi-generator: 1000 schemas, types") { benchmark in
        let config = Config(mode: .types, access: .public, namingStrategy: .idiomatic)
        let diagnostics = ErrorThrowingDiagnosticCollector(upstream: StdErrPrintingDiagnosticCollector())
        for _ in benchmark.scaledIterations {
            blackHole(try runGenerator(input: document, config: config, diagnostics: diagnostics))
        }
    }
}
