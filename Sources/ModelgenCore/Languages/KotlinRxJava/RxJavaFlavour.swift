import Foundation

/// Kotlin over RxJava 3, the default flavour: live streams are `Observable`s, one-shot reads
/// `Single`s (a `Maybe` for one document), a commit a `Completable`, a transaction a `Single`;
/// RxJava emits no nulls, so a document that may be missing is an `Optional`. Its runtime layer
/// is `Runtimes/kotlin-rxjava/`.
struct RxJavaFlavour: KotlinFlavour {
    let name = "kotlin"
    let displayName = "Kotlin"
    let runtimeLayer = "kotlin-rxjava"
    let stream = "Observable<%>"
    let document = "Optional<%>"
    let scheduler = (type: "Scheduler", value: "Schedulers.computation()")
    let schedulerDoc = ModelMemberDocs.scheduler

    let imports: [String: String] = [
        "Maybe": "io.reactivex.rxjava3.core", "Observable": "io.reactivex.rxjava3.core", "Scheduler": "io.reactivex.rxjava3.core",
        "Single": "io.reactivex.rxjava3.core", "Completable": "io.reactivex.rxjava3.core",
        "Schedulers": "io.reactivex.rxjava3.schedulers", "Optional": "java.util", "BiFunction": "io.reactivex.rxjava3.functions",
    ].merging(Validation.combinedStreams.dropFirst().map { ("Function\($0)", "io.reactivex.rxjava3.functions") }) { first, _ in first }

    let reservedTypes: Set<String> = ["Completable", "Maybe", "Observable", "Optional", "Scheduler", "Schedulers", "Single"]

    func readMethod(name: String, parameters: [String], output: StreamOutput, scheduler _: String, body: [String], in kotlin: KotlinLanguage) -> [String] {
        let result = if case let .document(type) = output { "Maybe<\(kotlin.typeName(type))>" } else { "Single<\(kotlin.emission(output))>" }
        return ["fun \(name)(\(parameters.joined(separator: ", "))): \(result) ="] + Lines.indented(body, by: kotlin.syntax.indent)
    }

    func combineStream(_ combine: CombineParts, in kotlin: KotlinLanguage) -> [String] {
        Lines.list("Observable.combineLatest(", combine.members.map { [$0.call] } + [combiner(combine, in: kotlin)], ")", indent: kotlin.syntax.indent)
    }

    /// The reads zipped, each materialized so that every input is read (and reports its decode
    /// failures) before the first failing one fails the read; a document's `Maybe` read as a
    /// `Single` of an `Optional`.
    func combineRead(_ combine: CombineParts, in kotlin: KotlinLanguage) -> [String] {
        let reads = combine.members.map { member -> [String] in
            if case .document = member.output { return ["\(member.call).toOptional().materialize()"] }
            return ["\(member.call).materialize()"]
        }
        return Lines.list("Single.zip(", reads + [combiner(combine, read: true, in: kotlin)], ")", indent: kotlin.syntax.indent)
    }

    /// The runtime's `JoinRows` of the two sides' `Single`s, which it zips.
    func joinRead(_ join: JoinParts, in kotlin: KotlinLanguage) -> [String] {
        let arguments = [[join.left], [join.right], [join.leftKey], [join.rightKey], ["::\(kotlin.typeName(join.row.name))"]]
        return Lines.list("JoinRows.\(join.inner ? "inner" : "left")(", arguments, ")", indent: kotlin.syntax.indent)
    }

    /// RxJava's combiner of the members' values (`BiFunction`, `Function3` …), making the record;
    /// a missing document or value comes in as an empty `Optional` and goes into the record as
    /// null. A read's come in as RxJava's `Notification`s, each a value or the error it throws,
    /// their types inferred: spelled, `Notification` would be a name no schema could take.
    private func combiner(_ combine: CombineParts, read: Bool = false, in kotlin: KotlinLanguage) -> [String] {
        let function = combine.members.count == 2 ? "BiFunction" : "Function\(combine.members.count)"
        let parameters = combine.members.map { read ? $0.local : "\($0.local): \(kotlin.emission($0.output))" }
        let arguments = combine.members.map { member in
            let value = read ? "\(member.local).valueOrThrow()" : member.local
            return kotlin.emission(member.output) == kotlin.memberType(member.output) ? value : "\(value).orElse(null)"
        }
        return ["\(function) { \(parameters.joined(separator: ", ")) ->", kotlin.syntax.indent + "\(combine.type)(\(arguments.joined(separator: ", ")))", "}"]
    }

    func commit(doc: [String], listDoc: [String]) -> [String] {
        doc + ["fun commit(vararg writes: DocumentWrite): Completable = commit(writes.asList())", ""]
            + listDoc + ["fun commit(writes: List<DocumentWrite>): Completable = store.commitBatch(writes)"]
    }

    func transactionMethod(doc: [String], type: String) -> [String] {
        doc + [
            "fun <T : Any> runTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (\(type)) -> T): Single<T> =",
            "    store.runTransaction(maxAttempts) { body(\(type)(it)) }",
        ]
    }

    /// The language's table is written for RxJava's `Trace` (`Runtimes/verify/kotlin-rxjava`).
    func runner(_ table: RunnerTable) -> RunnerTable { table }
    let runnerScheduler = "Schedulers.trampoline()"
    let runnerImports = ["Schedulers": "io.reactivex.rxjava3.schedulers"]

    /// RxJava 3 and Reactive Streams (`MODELGEN_RXJAVA_CLASSPATH` overrides Debian's paths), if there.
    func libraries(compilerJar _: String?) -> ToolchainStatus<[String]> {
        let jars = ProcessInfo.processInfo.environment["MODELGEN_RXJAVA_CLASSPATH"].map { $0.split(separator: ":").map(String.init) }
            ?? ["/usr/share/java/rxjava.jar", "/usr/share/java/reactive-streams.jar"]
        return jars.allSatisfy { FileManager.default.fileExists(atPath: $0) } ? .available(jars) : .missing(install: librariesHint)
    }

    let librariesHint = "RxJava 3: apt-get install -y librx-java libreactive-streams-java, or MODELGEN_RXJAVA_CLASSPATH"
}
