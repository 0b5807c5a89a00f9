import Foundation

/// TypeScript's type checker as today's projects run it, with the strict preset of a modern
/// project (Vite's templates, Node's type stripping): `deno check`, whose pinned PyPI wheels carry
/// TypeScript 5.9 and 6.0, over RxJS's declarations. Deno resolves imports as a bundler does.
public struct TypeScriptChecker: Sendable {
    /// The TypeScript releases the output is checked with, each by the deno release carrying it.
    public enum Release: String, CaseIterable, Sendable {
        case typeScript6 = "6.0.3"
        case typeScript5 = "5.9.2"

        var deno: String {
            switch self {
            case .typeScript6: "2.8.3"
            case .typeScript5: "2.7.14"
            }
        }
    }

    public let release: Release
    let deno: String
    /// The folder holding `rxjs` (`TypeScriptToolchain.modules`).
    let modules: String

    /// The compiler options of the preset: strict, no unchecked index, exact optional properties,
    /// only erasable syntax, imports kept as written, no implicit override or return, no property
    /// access to index signatures, no unused names, and the ES2022 library only (neither the DOM's
    /// types nor Node's).
    static let preset: [String: JSON] = [
        "strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,
        "erasableSyntaxOnly": true, "verbatimModuleSyntax": true, "noImplicitOverride": true,
        "noImplicitReturns": true, "noPropertyAccessFromIndexSignature": true, "noUnusedLocals": true,
        "noUnusedParameters": true, "noFallthroughCasesInSwitch": true, "module": "esnext",
        "moduleResolution": "bundler", "lib": ["es2022"],
    ]

    /// `release`'s deno from the toolchain cache, with Debian's RxJS (`MODELGEN_NODE_MODULES`).
    public static func find(_ release: Release) -> ToolchainStatus<TypeScriptChecker> {
        let modules = TypeScriptToolchain.modulesFolder
        guard let wheel = ToolchainCache.wheel("deno", release.deno),
              FileManager.default.fileExists(atPath: (modules as NSString).appendingPathComponent("rxjs/package.json")) else {
            return .missing(install: ToolchainCache.installHint + "; " + TypeScriptToolchain.installHint)
        }
        let deno = (wheel as NSString).appendingPathComponent("deno-\(release.deno).data/scripts/deno")
        return .available(TypeScriptChecker(release: release, deno: deno, modules: modules))
    }

    /// Checks the TypeScript `files` (relative path → text; declarations of other packages may
    /// be among them under `node_modules/`) under the preset, and with `isolatedDeclarations`, as
    /// a library's declarations are emitted. Throws with the checker's messages if it reports any.
    public func check(_ files: [String: String], isolatedDeclarations: Bool = false) throws {
        var options = Self.preset
        if isolatedDeclarations { options["isolatedDeclarations"] = true }
        let configuration: JSON = [
            "nodeModulesDir": "manual", "unstable": ["sloppy-imports"], "compilerOptions": .object(options),
        ]
        var project = files
        project["deno.json"] = try configuration.text()
        try withSources(project, endings: [".ts"]) { directory, sources in
            try copyDeclarations(of: "rxjs", into: (directory as NSString).appendingPathComponent("node_modules/rxjs"))
            let roots = sources.filter { !$0.hasPrefix(directory + "/node_modules/") }
            let output = try ProcessRunner.run(deno, ["check", "--quiet"] + roots, in: directory, environment: ["NO_COLOR": "1", "DENO_NO_UPDATE_CHECK": "1"])
            guard output.succeeded, output.stderr.isEmpty, output.stdout.isEmpty else {
                throw ToolchainError("TypeScript \(release.rawValue) (deno check) failed:\n"
                    + (output.stdout + output.stderr).replacingOccurrences(of: "file://" + directory + "/", with: ""))
            }
        }
    }

    /// Copies a package's `package.json` and declarations (`dist/types`) from the modules
    /// folder: deno reads a copy, not a link, in a manual `node_modules`.
    private func copyDeclarations(of package: String, into destination: String) throws {
        let source = (modules as NSString).appendingPathComponent(package)
        try FileManager.default.createDirectory(atPath: destination + "/dist", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source + "/package.json", toPath: destination + "/package.json")
        try FileManager.default.copyItem(atPath: source + "/dist/types", toPath: destination + "/dist/types")
    }
}
