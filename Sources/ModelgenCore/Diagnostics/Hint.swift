/// Help for a name that is not known: the closest known one, and lists of the known ones.
enum Hint {
    /// The candidate within a small edit distance of `name`, or else the shortest that `name`
    /// begins (`assignee` for `assigneeUid`), if there is one.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let limit = name.count < 3 ? 0 : max(1, name.count / 3)
        let near = candidates
            .map { (candidate: $0, distance: distance(name.lowercased(), $0.lowercased())) }
            .filter { $0.distance <= limit }
            .min { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }?
            .candidate
        guard near == nil, name.count >= 3 else { return near }
        return candidates
            .filter { $0.lowercased().hasPrefix(name.lowercased()) }
            .min { ($0.count, $0) < ($1.count, $1) }
    }

    /// `'a', 'b' or 'c'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "nothing" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// Edit distance over Unicode scalars, a swap of neighbours counting as one edit
    /// (optimal string alignment): `Itme` is one edit from `Item`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
