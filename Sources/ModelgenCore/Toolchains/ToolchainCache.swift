import Foundation

/// Where `scripts/install-toolchains` unpacks the pinned PyPI wheels that carry current compilers
/// (Kotlin in kotlin-jupyter-kernel's, TypeScript in deno's): `$MODELGEN_TOOLCHAINS`, or
/// `~/.cache/modelgen/toolchains`, a folder per wheel named `<name>-<version>`.
public enum ToolchainCache {
    public static var folder: String {
        if let folder = ProcessInfo.processInfo.environment["MODELGEN_TOOLCHAINS"] { return folder }
        return (NSHomeDirectory() as NSString).appendingPathComponent(".cache/modelgen/toolchains")
    }

    /// The unpacked wheel's folder, if the script has unpacked it.
    static func wheel(_ name: String, _ version: String) -> String? {
        let path = (folder as NSString).appendingPathComponent("\(name)-\(version)")
        return FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(".unpacked")) ? path : nil
    }

    static let installHint = "scripts/install-toolchains (pinned PyPI wheels into \(folder))"

    /// A build folder of `verify`'s, outside the modelgen package and the user's project: beside
    /// the toolchains' folder (`~/.cache/modelgen/<kind>-<a hash of package>` by default), one per checkout.
    static func buildFolder(_ kind: String, for package: String) -> String {
        let hash = package.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        return ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("\(kind)-\(String(hash, radix: 36))")
    }
}
