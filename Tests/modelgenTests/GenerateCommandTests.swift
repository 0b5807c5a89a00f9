import Foundation
import Testing

@Suite(.serialized) struct GenerateCommandTests {
    @Test func generatesEveryLanguageForTheExampleSchemasAndSaysWhere() throws {
        let out = try Scratch()
        defer { out.remove() }
        let result = try CLI.run(["schemas/", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("wrote \(out.file("swift/chat.swift"))"))
        #expect(result.stdout.contains("wrote \(out.file("swift/shops.swift"))"))
        #expect(result.stdout.hasSuffix("unchanged, 0 removed in '\(out.path)'\n"))
        #expect(FileManager.default.fileExists(atPath: out.file("swift/chat.swift")))
    }

    @Test func aSecondRunLeavesEveryFileAlone() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        let before = out.snapshot()
        Thread.sleep(forTimeInterval: 0.05)
        let again = try CLI.run(["schemas/", "--out", out.path])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("modelgen: 0 written, "))
        #expect(out.snapshot() == before)
    }

    @Test func generatingOneSchemaLeavesTheOthersOutputAlone() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        let before = out.snapshot()
        let result = try CLI.run(["schemas/chat.yaml", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(", 0 removed in '\(out.path)'\n"), "\(result.stdout)")
        #expect(out.snapshot() == before)
    }

    @Test func aSchemaGoneFromAGivenFolderTakesItsOutputWithIt() throws {
        let folder = try Scratch(), out = try Scratch()
        defer { folder.remove(); out.remove() }
        for name in ["chat", "shops"] {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/\(name).yaml"), encoding: .utf8)
            try text.write(toFile: folder.file("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        _ = try CLI.run([folder.path, "--out", out.path])
        try FileManager.default.removeItem(atPath: folder.file("shops.yaml"))
        let result = try CLI.run([folder.path, "--out", out.path])
        #expect(result.stdout.contains("removed \(out.file("swift/shops.swift"))"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.file("typescript/shops.ts")))
        #expect(FileManager.default.fileExists(atPath: out.file("swift/chat.swift")))
    }

    @Test func checkExitsOneWithADiffWhenStaleAndWritesNothing() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        #expect(try CLI.run(["schemas/", "--out", out.path, "--check"]).status == 0)
        let swift = out.file("swift/chat.swift")
        let edited = try String(contentsOfFile: swift, encoding: .utf8).replacingOccurrences(of: "nonisolated public struct Room", with: "nonisolated struct Room")
        try edited.write(toFile: swift, atomically: true, encoding: .utf8)
        let before = out.snapshot()
        let result = try CLI.run(["schemas/", "--out", out.path, "--check"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("-nonisolated struct Room: Identifiable, Sendable {\n+nonisolated public struct Room: Identifiable, Sendable {"))
        #expect(result.stderr == "modelgen: '\(out.path)' is out of date; run modelgen without --check to update\n")
        #expect(out.snapshot() == before)
    }

    @Test func dumpIRPrintsTheModelAsJSON() throws {
        let result = try CLI.run(["schemas/chat.yaml", "--dump-ir"])
        #expect(result.status == 0)
        #expect(result.stdout == (try String(contentsOfFile: "Tests/Goldens/chat/ir.json", encoding: .utf8)), "the golden beside chat's generated code")
        let out = try Scratch()
        defer { out.remove() }
        let withOut = try CLI.run(["schemas/chat.yaml", "--dump-ir", "-o", out.path])
        #expect(withOut.status != 0 && withOut.stdout.isEmpty)
        #expect(withOut.stderr.contains("'--dump-ir' prints the model to standard output and writes nothing: leave out '--out'"), "\(withOut.stderr)")
        #expect(out.snapshot().isEmpty)
    }

    @Test func versionAndHelp() throws {
        #expect(try CLI.run(["--version"]).stdout == "0.1.0\n")
        let help = try CLI.run(["--help"])
        #expect(help.stdout.contains("    messagesWithOwners:\n      join: messages\n      with: members\n      on: ownerUid == id\n      as: owner\n"))
        #expect(help.stdout.contains("modelgen schemas/ --out Generated/"))
        // The default command's options are in the help, with the subcommands.
        #expect(help.stdout.contains("USAGE: modelgen [<schemas> ...] [--out <out>]"), "\(help.stdout)")
        #expect(help.stdout.contains("  --option <language.setting=value>\n"), "\(help.stdout)")
        #expect(help.stdout.contains("  verify                  Run conformance vectors"))
        let bare = try CLI.run([])
        #expect(bare.status == 0)
        #expect(bare.stdout == help.stdout)
        // Paragraphs are wrapped by the help, not mid-sentence by their source.
        let verify = try CLI.run(["verify", "--help"])
        #expect(verify.stdout.contains("listener\nerrors — with the emissions expected after them"), "\(verify.stdout)")
    }

    @Test func templatesCanBeOverridden() throws {
        let out = try Scratch(), templates = try Scratch()
        defer { out.remove(); templates.remove() }
        try FileManager.default.createDirectory(atPath: templates.file("swift"), withIntermediateDirectories: true)
        try "{{ schemaFile }} by my template\n".write(toFile: templates.file("swift/schema.stencil"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--templates", templates.path, "--lang", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: out.file("swift/chat.swift"), encoding: .utf8) == "chat.yaml by my template\n")
    }

    @Test func aFrameAddsToThePrintedCodeOfEachDeclaration() throws {
        let out = try Scratch(), templates = try Scratch()
        defer { out.remove(); templates.remove() }
        try FileManager.default.createDirectory(atPath: templates.file("kotlin"), withIntermediateDirectories: true)
        try "@Suppress(\"unused\")\n{{ code }}\n".write(toFile: templates.file("kotlin/type.stencil"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--templates", templates.path, "--lang", "kotlin"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: out.file("kotlin/chat/ChatModel.kt"), encoding: .utf8)
        #expect(text.contains("@Suppress(\"unused\")\n/** A chat room. */\ndata class Room("))
        #expect(!text.contains("@Suppress(\"unused\")\n/** A [Message] with its owner"), "join rows have a frame of their own")
    }

    @Test func aTemplateThatDoesNotParseIsReportedAtItsTagAndWritesNothing() throws {
        let out = try Scratch(), templates = try Scratch()
        defer { out.remove(); templates.remove() }
        _ = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--lang", "swift"])
        let before = out.snapshot()
        try FileManager.default.createDirectory(atPath: templates.file("swift"), withIntermediateDirectories: true)
        try "/// {{ name }}\n{% if signature %}\n  {% for line in lines %}\n{% endif %}\n".write(toFile: templates.file("swift/stream.stencil"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--templates", templates.path, "--lang", "swift"])
        #expect(result.status == 1)
        #expect(result.stderr == "\(templates.file("swift/stream.stencil")):4:4: error: Unknown template tag 'endif'\n")
        #expect(out.snapshot() == before)
    }

    @Test func usageErrors() throws {
        let missingOut = try CLI.run(["schemas/", "--lang", "swift"])
        #expect(missingOut.status != 0)
        #expect(missingOut.stderr.contains("Missing '--out <folder>' (or '--config <modelgen.yaml>' with output folders)."))
        let badLanguage = try CLI.run(["schemas/", "--out", "/tmp/x", "--lang", "cobol"])
        #expect(badLanguage.stderr.contains("Unknown language 'cobol'"))
        let missingFile = try CLI.run(["nope.yaml", "--out", "/tmp/x"])
        #expect(missingFile.status == 1)
        #expect(missingFile.stderr == "modelgen: error: no such file or folder 'nope.yaml'\n")
    }

    @Test func badSettingsOnTheCommandLineAreRefusedNamingTheOption() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        let before = out.snapshot()
        let cases = [
            ("kotlin.package", "com..bad pkg", "'com..bad pkg' is not a Kotlin package name; write dot-separated names like 'com.example.chat'"),
            ("kotlin.package", "com.Example.2chat", "'com.Example.2chat' is not a Kotlin package name; write dot-separated names like 'com.example.chat'"),
            ("typescript.runtimeModule", "", "'' is not a module specifier; write one like './runtime/index.js' or '@acme/modelgen-runtime'"),
        ]
        for (setting, value, problem) in cases {
            // Two schemas, one message: the option is reported once, not once per schema.
            let result = try CLI.run(["schemas/", "--out", out.path, "--option", "\(setting)=\(value)"])
            #expect(result.status == 1)
            #expect(result.stderr == "modelgen: error: --option \(setting): \(problem)\n", "\(result.stderr)")
            #expect(out.snapshot() == before)
        }
        // An option that names no setting is refused before anything is read, saying what there is.
        let unknown = [
            ("kotlin.pkg=a", "'--option kotlin.pkg=a': kotlin has no setting 'pkg'; it has package, firestoreAdapter"),
            ("swift.package=a", "'--option swift.package=a': 'swift' is no language with settings; choose from kotlin, typescript"),
            ("kotlin.package", "'--option kotlin.package': write LANGUAGE.SETTING=VALUE, like kotlin.package=com.example.app"),
        ]
        for (option, message) in unknown {
            let result = try CLI.run(["schemas/", "--out", out.path, "--option", option])
            #expect(result.status != 0 && result.stderr.contains(message), "\(result.stderr)")
            #expect(out.snapshot() == before)
        }
    }

    /// A name only Kotlin reserves (a stream `hashCode`) is refused when Kotlin is generated,
    /// and taken when it is not; the commands that generate no code take it.
    @Test func aNameIsRefusedOnlyWhereALanguageGeneratedReservesIt() throws {
        let out = try Scratch()
        defer { out.remove() }
        let schema = out.file("hc.yaml")
        try "model: Hc\ncollections:\n  Item: { path: items, fields: { n: int } }\nstreams:\n  hashCode: { from: Item }\n"
            .write(toFile: schema, atomically: true, encoding: .utf8)
        let refused = try CLI.run([schema, "--out", out.file("all")])
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(schema):5:3: error: stream name 'hashCode' is a method every Kotlin (Java) object has; choose another name\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.file("all")))
        let taken = try CLI.run([schema, "--out", out.file("web"), "--lang", "swift,typescript"])
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(try String(contentsOfFile: out.file("web/swift/hc.swift"), encoding: .utf8).contains("func hashCode("))
        #expect(try CLI.run(["indexes", schema]).status == 0)
    }

    @Test func anOptionReplacesTheSchemasSettingBeforeItIsChecked() throws {
        let out = try Scratch()
        defer { out.remove() }
        let schema = out.file("app.yaml")
        try "model: App\nkotlin: { package: 'not a package' }\ncollections:\n  Item: { path: items, fields: { n: int } }\n"
            .write(toFile: schema, atomically: true, encoding: .utf8)
        let refused = try CLI.run([schema, "--out", out.file("out"), "--lang", "kotlin"])
        #expect(refused.stderr == "\(schema):2:20: error: 'not a package' is not a Kotlin package name; write dot-separated names like 'com.example.chat'\n")
        let replaced = try CLI.run([schema, "--out", out.file("out"), "--lang", "kotlin", "--option", "kotlin.package=com.example.app"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.file("out/kotlin/com/example/app/AppModel.kt")))
    }

    @Test func aModelThatImportsItsOwnRuntimeGetsNoCopyBesideIt() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--lang", "typescript"])
        #expect(FileManager.default.fileExists(atPath: out.file("typescript/runtime/index.ts")))
        let result = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--lang", "typescript", "--option", "typescript.runtimeModule=@acme/modelgen-runtime"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("removed \(out.file("typescript/runtime/index.ts"))"))
        #expect(out.snapshot().keys.sorted() == [".modelgen-manifest", "typescript/chat.ts"])
        #expect(try String(contentsOfFile: out.file("typescript/chat.ts"), encoding: .utf8).contains(#"from "@acme/modelgen-runtime";"#))
    }

    @Test func aWarningIsPrintedAtItsPlaceAndDoesNotStopTheRun() throws {
        let out = try Scratch()
        defer { out.remove() }
        let schema = out.file("tasks.yaml")
        try """
        model: Chores
        collections:
          Chore:
            path: tasks
            fields: { title: string, due: timestamp?, createdAt: { type: timestamp?, serverTimestamp: create } }
            orderBy: due
        streams:
          tasks: { from: Chore }
          newest: { from: Chore, orderBy: createdAt desc }
        """.write(toFile: schema, atomically: true, encoding: .utf8)
        let result = try CLI.run([schema, "--out", out.file("out"), "--lang", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "\(schema):6:14: warning: documents of 'Chore' without 'due' (missing, not null) are left out: Firestore returns only documents that have every field a query orders by (a timestamp the server sets on create says so with 'serverTimestamp: create')\n")
        #expect(FileManager.default.fileExists(atPath: out.file("out/swift/tasks.swift")))
    }

    @Test func anErrorInOneSchemaWritesNothingForAny() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        let before = out.snapshot()
        let result = try CLI.run(["schemas/chat.yaml", "schemas/shops.yaml", "Tests/BadSchemas/unknown-type.yaml", "--out", out.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(out.snapshot() == before)
    }
}

/// `--config modelgen.yaml`: schemas, settings and a folder per language.
@Suite struct ConfigurationTests {
    @Test func writesEachLanguageIntoItsFolder() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let chat = try String(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/chat.yaml"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.file("model"), withIntermediateDirectories: true)
        try chat.write(toFile: folder.file("model/chat.modelgen.yaml"), atomically: true, encoding: .utf8)
        try """
        outputs:
          kotlin: ../android
          typescript: ../web
        kotlin:
          package: com.example.chat
        """.write(toFile: folder.file("model/modelgen.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["--config", folder.file("model/modelgen.yaml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("android/com/example/chat/ChatModel.kt")))
        #expect(FileManager.default.fileExists(atPath: folder.file("android/modelgen/runtime/InMemoryStore.kt")))
        #expect(FileManager.default.fileExists(atPath: folder.file("web/chat.ts")))
        #expect(FileManager.default.fileExists(atPath: folder.file("web/runtime/index.ts")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("android/kotlin")))
        let check = try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--check"])
        #expect(check.status == 0)
        // Folders are named without `..`: `model/../android` as `android`.
        #expect(check.stdout.hasPrefix("modelgen: '\(folder.file("android"))', '\(folder.file("web"))' up to date"), "\(check.stdout)")
        let swift = try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--lang", "swift"])
        #expect(swift.status == 1)
        #expect(swift.stderr.hasSuffix("has no output folder for swift ('outputs.swift')\n"))
    }

    /// `firestoreAdapter: false` leaves the adapter, which needs the Firebase SDK, out of the
    /// runtime copy, and `--check` does not ask for it; the flag overrides the configuration.
    @Test func theFirestoreAdapterCanBeLeftOut() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("model"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("schemas/chat.yaml").path, toPath: folder.file("model/chat.modelgen.yaml"))
        try """
        outputs: { kotlin: ../android, typescript: ../web }
        kotlin: { firestoreAdapter: false }
        """.write(toFile: folder.file("model/modelgen.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["--config", folder.file("model/modelgen.yaml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("android/modelgen/runtime/firestore")))
        #expect(FileManager.default.fileExists(atPath: folder.file("android/modelgen/runtime/InMemoryStore.kt")))
        #expect(FileManager.default.fileExists(atPath: folder.file("web/runtime/firestore/firestore-store.ts")))
        #expect(try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--check"]).status == 0)
        let both = try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--option", "typescript.firestoreAdapter=false"])
        #expect(both.stdout.contains("removed \(folder.file("web/runtime/firestore/firestore-store.ts"))"), "\(both.stdout)")
        let back = try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--option", "kotlin.firestoreAdapter=true"])
        #expect(back.status == 0 && FileManager.default.fileExists(atPath: folder.file("android/modelgen/runtime/firestore/FirestoreStore.kt")))
        let wrong = try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--option", "kotlin.firestoreAdapter=no"])
        #expect(wrong.status == 1 && wrong.stderr.contains("--option kotlin.firestoreAdapter: 'no' is not true or false"), "\(wrong.stderr)")
    }

    /// `rules:` and `indexes:` name the Firebase project's files, written with the code (only
    /// when they change) and checked by `--check`, as `modelgen rules` and `indexes` print them.
    @Test func theRulesAndIndexesFilesAreWrittenWithTheCode() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("model"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("schemas/chat.yaml").path, toPath: folder.file("model/chat.modelgen.yaml"))
        try """
        outputs: { typescript: ../web }
        rules: ../firestore.rules
        indexes: ../firestore.indexes.json
        """.write(toFile: folder.file("model/modelgen.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["--config", folder.file("model/modelgen.yaml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(folder.file("firestore.rules"))\nwrote \(folder.file("firestore.indexes.json"))\n"), "\(result.stdout)")
        let rules = try CLI.run(["rules", "schemas/chat.yaml"]).stdout, indexes = try CLI.run(["indexes", "schemas/chat.yaml"]).stdout
        #expect(try String(contentsOfFile: folder.file("firestore.rules"), encoding: .utf8) == rules.replacingOccurrences(of: "chat.yaml", with: "chat.modelgen.yaml"))
        #expect(try String(contentsOfFile: folder.file("firestore.indexes.json"), encoding: .utf8) == indexes)
        #expect(try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--check"]).status == 0)
        try "// edited by hand\n".write(toFile: folder.file("firestore.rules"), atomically: true, encoding: .utf8)
        let check = try CLI.run(["--config", folder.file("model/modelgen.yaml"), "--check"])
        #expect(check.status == 1 && check.stdout.contains("-// edited by hand"), "\(check.stdout)")
        #expect(check.stderr.contains("'\(folder.file("firestore.rules"))' is out of date"), "\(check.stderr)")
        // Schemas given on the command line (the build plugin gives one at a time) are not the
        // project's: its files are left alone.
        let one = try CLI.run(["--config", folder.file("model/modelgen.yaml"), folder.file("model/chat.modelgen.yaml"), "--out", folder.file("out")])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try String(contentsOfFile: folder.file("firestore.rules"), encoding: .utf8) == "// edited by hand\n")
    }

    @Test func unknownKeysAreReportedWithTheirDottedPath() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let path = folder.file("modelgen.yaml")
        try "schemas: [a.yaml]\noutputs:\n  kotln: out\n  typescript: web\nkotlin: { packge: x }\nswift: {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLI.run(["--config", path])
        #expect(result.status == 1)
        #expect(result.stderr == """
        \(path):3:3: error: unknown key 'outputs.kotln' in the configuration; did you mean 'outputs.kotlin'?
        \(path):5:11: error: unknown key 'kotlin.packge' in the configuration; did you mean 'kotlin.package'?
        \(path):6:1: error: unknown key 'swift' in the configuration; expected 'schemas', 'outputs', 'rules', 'indexes', 'kotlin' or 'typescript'

        """, "\(result.stderr)")
    }
}

extension ConfigurationTests {
    @Test func aBadSettingInTheConfigurationIsReportedWhereItIsWritten() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let chat = try String(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/chat.yaml"), encoding: .utf8)
        try chat.write(toFile: folder.file("chat.modelgen.yaml"), atomically: true, encoding: .utf8)
        let path = folder.file("modelgen.yaml")
        try "outputs: { kotlin: out }\nkotlin: { package: com.2chat }\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLI.run(["--config", path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(path):2:20: error: 'com.2chat' is not a Kotlin package name; write dot-separated names like 'com.example.chat'\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }
}

/// Where `--out` points at something it should not write to.
@Suite struct OutputSafetyTests {
    @Test func aFileAsTheOutputFolderIsRefused() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        try "mine".write(toFile: folder.file("file"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["schemas/chat.yaml", "--out", folder.file("file")])
        #expect(result.status == 1)
        #expect(result.stderr == "modelgen: error: output path '\(folder.file("file"))' is a file, not a folder\n")
        #expect(try String(contentsOfFile: folder.file("file"), encoding: .utf8) == "mine")
    }

    @Test func anUnwritableFolderIsAnErrorNamingTheFile() throws {
        let result = try CLI.run(["schemas/chat.yaml", "--out", "/proc/modelgen-out", "--lang", "swift"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("modelgen: error: cannot write '/proc/modelgen-out/swift/chat.swift': "), "\(result.stderr)")
    }

    @Test func filesModelgenDidNotWriteAreNeverOverwritten() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("swift"), withIntermediateDirectories: true)
        try "// my own chat.swift".write(toFile: folder.file("swift/chat.swift"), atomically: true, encoding: .utf8)
        let before = folder.snapshot()
        let result = try CLI.run(["schemas/chat.yaml", "--out", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr == "modelgen: error: '\(folder.file("swift/chat.swift"))' exists and was not written by modelgen; move it away or choose another output folder\n")
        #expect(folder.snapshot() == before)
    }
}
