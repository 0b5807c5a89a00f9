/// Compares what two languages printed for the same vector, line by line, in step order.
enum TraceComparison {
    /// The first place the traces differ, described with both languages' lines; nil when they
    /// are the same.
    static func firstDifference(_ first: (name: String, trace: Trace), _ second: (name: String, trace: Trace)) -> (step: Int, description: String)? {
        let lines = (first: timeline(first.trace), second: timeline(second.trace))
        for index in 0..<max(lines.first.count, lines.second.count) {
            let left = index < lines.first.count ? lines.first[index] : nil
            let right = index < lines.second.count ? lines.second[index] : nil
            guard left != right else { continue }
            let step = min(left?.step ?? .max, right?.step ?? .max)
            let width = max(first.name.count, second.name.count) + 1
            func show(_ name: String, _ line: Trace.Entry?) -> String {
                "  \((name + ":").padding(toLength: width, withPad: " ", startingAt: 0)) \(line.map { "after step \($0.step): \($0.text)" } ?? "nothing more")"
            }
            return (step, "after step \(step):\n\(show(first.name, left))\n\(show(second.name, right))")
        }
        return nil
    }

    /// Every line of a trace, by step, then in a fixed order of kinds and labels within a step
    /// (the order of lines between labels in one step is not part of the contract, nor that of
    /// one step's decode failures).
    static func timeline(_ trace: Trace) -> [Trace.Entry] {
        var lines: [Trace.Entry] = []
        for (label, entries) in trace.emissions {
            lines += entries.map { Trace.Entry(step: $0.step, text: "\(label): \($0.text)") }
        }
        // The decode failures of one step come in no fixed order (a join's read reads both sides at once).
        lines += trace.decodeFailures.sorted { ($0.step, $0.text) < ($1.step, $1.text) }.map { Trace.Entry(step: $0.step, text: "decode failure: \($0.text)") }
        lines += trace.writeErrors.map { Trace.Entry(step: $0.step, text: "write error: \($0.text)") }
        lines += trace.listeners.map { Trace.Entry(step: $0.key, text: "listeners: \($0.value)") }
        lines += trace.listenersOf.flatMap { step, counts in counts.map { Trace.Entry(step: step, text: "listeners of \($0.key): \($0.value)") } }
        // Sorted by each line's key, made once; the offset keeps each label's emissions in the order they happened.
        let keyed = lines.enumerated().map { (step: $0.element.step, label: labelOrder($0.element.text), offset: $0.offset, entry: $0.element) }
        return keyed.sorted { ($0.step, $0.label, $0.offset) < ($1.step, $1.label, $1.offset) }.map(\.entry)
    }

    /// The part of a line before its first `:`, which sorts lines of one step.
    private static func labelOrder(_ text: String) -> Substring {
        text.prefix { $0 != ":" }
    }
}

/// A difference between languages on one vector: the languages and where they part.
struct LanguageDifference: Sendable {
    /// The languages that printed the same as the first language, and those that did not.
    var agreeing: [Language]
    var differing: [Language]
    var description: String
    /// The step after which the traces part, when both are traces.
    var step: Int?

    /// The first difference among the runs of one vector, or nil when every language printed
    /// the same; a run that failed or did not run differs from every trace.
    static func among(_ runs: [(language: Language, run: Verifier.Run)]) -> LanguageDifference? {
        guard let (reference, referenceRun) = runs.first else { return nil }
        var agreeing = [reference], differing: [Language] = [], description: String?, step: Int?
        for (language, run) in runs.dropFirst() {
            let difference: String? = switch (referenceRun, run) {
            case let (.trace(left), .trace(right)):
                TraceComparison.firstDifference((reference.name, left), (language.name, right)).map { found in
                    step = step ?? found.step
                    return found.description
                }
            // A scenario that fails in both is not where they differ (a minimiser must not shrink to one).
            case (.failed, .failed): nil
            case let (_, .failed(reason)), let (.failed(reason), _): "a run failed: \(reason)"
            case let (_, .notRun(install)), let (.notRun(install), _): "a language did not run: \(install)"
            }
            if let difference {
                differing.append(language)
                description = description ?? difference
            } else {
                agreeing.append(language)
            }
        }
        return description.map { LanguageDifference(agreeing: agreeing, differing: differing, description: $0, step: step) }
    }
}
