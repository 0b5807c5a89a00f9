/// A unified diff (`diff -u` style, three lines of context) between two texts.
public enum UnifiedDiff {
    public static func diff(old: String, new: String, oldName: String, newName: String) -> String {
        let a = lines(old), b = lines(new)
        let edits = editScript(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(edits, context: 3) {
            output += hunk
        }
        return output
    }

    private static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    enum Edit: Equatable {
        case same(Substring)
        case removed(Substring)
        case added(Substring)
    }

    /// The shortest edit script, by dynamic programming over the longest common subsequence,
    /// after trimming the common prefix and suffix.
    static func editScript(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var lengths = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                lengths[i][j] = x[i] == y[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var edits = a[..<prefix].map(Edit.same)
        var (i, j) = (0, 0)
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                edits.append(.same(x[i])); i += 1; j += 1
            } else if i < x.count, j == y.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                edits.append(.removed(x[i])); i += 1
            } else {
                edits.append(.added(y[j])); j += 1
            }
        }
        return edits + a[(a.count - suffix)...].map(Edit.same)
    }

    private static func hunks(_ edits: [Edit], context: Int) -> [String] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...range.upperBound
            } else {
                groups.append(range)
            }
        }
        return groups.map { range in
            var oldStart = 1, newStart = 1
            for edit in edits[..<range.lowerBound] {
                if case .added = edit {} else { oldStart += 1 }
                if case .removed = edit {} else { newStart += 1 }
            }
            var oldCount = 0, newCount = 0, body = ""
            for edit in edits[range] {
                switch edit {
                case let .same(line): body += " \(line)\n"; oldCount += 1; newCount += 1
                case let .removed(line): body += "-\(line)\n"; oldCount += 1
                case let .added(line): body += "+\(line)\n"; newCount += 1
                }
            }
            return "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n" + body
        }
    }
}
