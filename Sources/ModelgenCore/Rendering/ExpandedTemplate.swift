import Foundation
import Stencil

/// A template's text as Stencil parses it — trimmed, with its includes expanded — and where each
/// part of that text came from, so that an error Stencil reports in it points at the template
/// file, line and column that hold the tag.
///
/// Trimming: a line that holds nothing but a block tag (`{% … %}`) loses its indentation and its
/// newline, so templates read indented and render clean. (Stencil's `.smart` trimming does the
/// same with a regular expression on every text node, every time it is rendered.)
///
/// Includes: an `{% include "path" %}` of a template that exists is replaced by that template's
/// expanded text, as deep as 16 levels (a template that includes itself keeps its last include).
/// The result renders as Stencil's include would, in the including template's context, without
/// parsing the included template again on every render.
struct ExpandedTemplate {
    /// A run of `text` that comes from one line of one template.
    private struct Piece {
        /// Where the run starts in `text`, in Unicode scalars.
        var start: Int
        var template: String
        var line: Int
        var column: Int
    }

    let text: String
    private let pieces: [Piece]

    /// The template `name` from `sources`, trimmed and expanded.
    init(_ name: String, sources: [String: String]) {
        var text = ""
        var pieces: [Piece] = []
        var offset = 0
        for (run, template, line, column) in Self.runs(of: name, in: sources, depth: 0) {
            pieces.append(Piece(start: offset, template: template, line: line, column: column))
            text += run
            offset += run.unicodeScalars.count
        }
        self.text = text
        self.pieces = pieces
    }

    /// The template, line and column (1-based, in Unicode scalars) of a place Stencil reports in
    /// `text`; nil when Stencil did not place it. (Stencil finds a token's line by searching the
    /// text for the line's content, so a token on a line whose content appears earlier has none.)
    func source(of location: ContentLocation) -> (template: String, line: Int, column: Int)? {
        let lines = text.components(separatedBy: .newlines)
        let index = Int(location.lineNumber) - 1
        guard lines.indices.contains(index), lines[index] == location.content, (0..<location.content.count).contains(location.lineOffset) else {
            return nil
        }
        let lineStart = lines[..<index].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        let line = lines[index]
        let offset = lineStart + line.prefix(location.lineOffset).unicodeScalars.count
        guard let piece = pieces.last(where: { $0.start <= offset }) else { return nil }
        return (piece.template, piece.line, piece.column + offset - piece.start)
    }

    /// The runs of the trimmed, expanded text of `name`, each with where it starts.
    private static func runs(of name: String, in sources: [String: String], depth: Int) -> [(Substring, String, Int, Int)] {
        guard let source = sources[name] else { return [] }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var runs: [(Substring, String, Int, Int)] = []
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            if isLast, line.isEmpty { break }
            let content = line.drop { $0 == " " || $0 == "\t" }
            let isBlockTag = content.hasPrefix("{%") && content.hasSuffix("%}") && !content.dropFirst(2).contains("{%")
            let column = line.unicodeScalars.count - content.unicodeScalars.count + 1
            let run = isBlockTag ? content : isLast ? line : source[line.startIndex..<source.index(after: line.endIndex)]
            runs += expandingIncludes(in: run, of: name, line: index + 1, column: isBlockTag ? column : 1, sources: sources, depth: depth)
        }
        return runs
    }

    /// `run` with the includes of templates that exist replaced by their runs.
    private static func expandingIncludes(
        in run: Substring, of name: String, line: Int, column: Int, sources: [String: String], depth: Int
    ) -> [(Substring, String, Int, Int)] {
        guard depth < 16, run.contains("include") else { return [(run, name, line, column)] }
        var runs: [(Substring, String, Int, Int)] = []
        var rest = run[...]
        var restColumn = column
        for match in run.matches(of: /\{%\s*include\s+"([^"]+)"\s*%\}/) where sources[String(match.output.1)] != nil {
            runs.append((rest[..<match.range.lowerBound], name, line, restColumn))
            runs += Self.runs(of: String(match.output.1), in: sources, depth: depth + 1)
            restColumn += rest[..<match.range.upperBound].unicodeScalars.count
            rest = rest[match.range.upperBound...]
        }
        runs.append((rest, name, line, restColumn))
        return runs.filter { !$0.0.isEmpty }
    }
}
