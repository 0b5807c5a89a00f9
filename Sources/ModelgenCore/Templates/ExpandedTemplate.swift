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
        var text: Substring
        var template: String
        var line: Int
        var column: Int
        /// Where the run starts in `text`, in Unicode scalars.
        var start = 0
    }

    let text: String
    private let pieces: [Piece]

    /// The template `name` from `sources`, trimmed and expanded.
    init(_ name: String, sources: [String: String]) {
        var pieces = Self.pieces(of: name, in: sources, depth: 0)
        var offset = 0
        for index in pieces.indices {
            pieces[index].start = offset
            offset += pieces[index].text.unicodeScalars.count
        }
        text = pieces.map(\.text).joined()
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

    /// The pieces of the trimmed, expanded text of `name`, each with where it comes from.
    private static func pieces(of name: String, in sources: [String: String], depth: Int) -> [Piece] {
        guard let source = sources[name] else { return [] }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var pieces: [Piece] = []
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            if isLast, line.isEmpty { break }
            let content = line.drop { $0 == " " || $0 == "\t" }
            let isBlockTag = content.hasPrefix("{%") && content.hasSuffix("%}") && !content.dropFirst(2).contains("{%")
            let piece = isBlockTag
                ? Piece(text: content, template: name, line: index + 1, column: line.unicodeScalars.count - content.unicodeScalars.count + 1)
                : Piece(text: isLast ? line : source[line.startIndex..<source.index(after: line.endIndex)], template: name, line: index + 1, column: 1)
            pieces += expandingIncludes(in: piece, sources: sources, depth: depth)
        }
        return pieces
    }

    /// `piece` with the includes of templates that exist replaced by their pieces.
    private static func expandingIncludes(in piece: Piece, sources: [String: String], depth: Int) -> [Piece] {
        guard depth < 16, piece.text.contains("include") else { return [piece] }
        var pieces: [Piece] = []
        var rest = piece
        for match in piece.text.matches(of: /\{%\s*include\s+"([^"]+)"\s*%\}/) where sources[String(match.output.1)] != nil {
            pieces.append(Piece(text: rest.text[..<match.range.lowerBound], template: rest.template, line: rest.line, column: rest.column))
            pieces += Self.pieces(of: String(match.output.1), in: sources, depth: depth + 1)
            rest.column += rest.text[..<match.range.upperBound].unicodeScalars.count
            rest.text = rest.text[match.range.upperBound...]
        }
        pieces.append(rest)
        return pieces.filter { !$0.text.isEmpty }
    }
}
