/// What a runner printed, by step: `step N`, `emit LABEL VALUE`, `error LABEL MESSAGE`,
/// `done LABEL`, `decodeFailurePath PATH` (a list of segments) before `decodeFailure MESSAGE`,
/// `writeError MESSAGE`, `listeners N`, and `skip REASON` where a runner on Firestore's emulator
/// stopped at a step the emulator cannot be asked.
public struct Trace: Sendable {
    /// An emission or message and the step after which it happened.
    public struct Entry: Hashable, Sendable {
        public var step: Int
        public var text: String
    }

    public var emissions: [String: [Entry]] = [:]
    public var decodeFailures: [Entry] = []
    /// The paths of the documents that did not decode, as canonical lists of segments.
    public var decodeFailurePaths: [Entry] = []
    public var writeErrors: [Entry] = []
    /// Active listeners after each step.
    public var listeners: [Int: Int] = [:]
    /// Each subscription's listeners after each step, by step then label.
    public var listenersOf: [Int: [String: Int]] = [:]
    /// Why the run stopped before its end, unchecked.
    public var skipped: String?

    public init(parsing output: String) {
        var step = 0
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard let kind = parts.first else { continue }
            let rest = parts.count > 1 ? parts[1] : ""
            let labelled = rest.split(separator: " ", maxSplits: 1).map(String.init)
            let label = labelled.first ?? "", value = labelled.count > 1 ? labelled[1] : ""
            switch kind {
            case "step": step = Int(rest) ?? step
            case "emit": emissions[label, default: []].append(Entry(step: step, text: value))
            case "error": emissions[label, default: []].append(Entry(step: step, text: "error: " + value))
            case "done": emissions[label, default: []].append(Entry(step: step, text: "done"))
            case "decodeFailure": decodeFailures.append(Entry(step: step, text: rest))
            case "decodeFailurePath": decodeFailurePaths.append(Entry(step: step, text: rest))
            case "writeError": writeErrors.append(Entry(step: step, text: rest))
            case "listeners": listeners[step] = Int(rest)
            case "listenersOf": listenersOf[step, default: [:]][label] = Int(value)
            case "skip": skipped = rest
            default: continue
            }
        }
    }
}

/// Compares a runner's trace with a vector's expectations.
public enum TraceCheck {
    /// The first difference, in step order, or nil when every expectation holds. Without
    /// `messages`, a refused write and a listener's error match any other by their place alone
    /// (Firestore words its refusals its own way). Without `signOfZero`, -0.0 matches 0.0
    /// everywhere (the emulator's REST API stores -0.0 as 0.0).
    public static func firstDifference(_ trace: Trace, _ vector: Vector, messages: Bool = true, signOfZero: Bool = true) -> String? {
        for (index, step) in vector.steps.enumerated() {
            guard case let .expect(expectations) = step.action else { continue }
            for var expectation in expectations {
                var trace = trace
                if !messages { (expectation, trace) = withoutMessages(expectation, trace) }
                if !signOfZero { expectation.signOfZeroMatters = false }
                if let difference = difference(expectation, trace, before: index + 1, vector) {
                    return "\(expectation.location.line):\(expectation.location.column): \(difference)"
                }
            }
        }
        return nil
    }

    private static func difference(_ expectation: Expectation, _ trace: Trace, before step: Int, _ vector: Vector) -> String? {
        let (what, owner, entries): (String, String, [Trace.Entry]) = switch expectation.subject {
        case let .emissions(label): ("emission", " of '\(label)'", trace.emissions[label] ?? [])
        case .decodeFailures: ("decode failure", "", trace.decodeFailures)
        case .decodeFailurePaths: ("decode failure path", "", trace.decodeFailurePaths)
        case .decodeFailureCount: ("", "", [])
        case .writeErrors: ("write error", "", trace.writeErrors)
        case .listeners, .listenersOf: ("", "", [])
        }
        if expectation.subject == .listeners {
            let actual = trace.listeners[step - 1].map(String.init) ?? "none"
            return actual == expectation.lines.first ? nil : "expected \(expectation.lines.first ?? "") listeners after step \(step - 1), found \(actual)"
        }
        if case let .listenersOf(label) = expectation.subject {
            let actual = trace.listenersOf[step - 1]?[label].map(String.init) ?? "none"
            return actual == expectation.lines.first ? nil : "expected \(expectation.lines.first ?? "") listeners of '\(label)' after step \(step - 1), found \(actual)"
        }
        if expectation.subject == .decodeFailureCount {
            let actual = trace.decodeFailures.filter { $0.step < step }
            return "\(actual.count)" == expectation.lines.first ? nil
                : "expected \(expectation.lines.first ?? "") decode failures by step \(step - 1), found \(actual.count)\(actual.map { "\n  \($0.text)" }.joined())"
        }
        var actual = entries.filter { $0.step < step }
        if [.decodeFailures, .decodeFailurePaths].contains(expectation.subject) { actual = alignedWithinSteps(actual, to: expectation.lines) }
        for index in 0..<max(actual.count, expectation.lines.count) {
            let expected = index < expectation.lines.count ? expectation.lines[index] : nil
            let found = index < actual.count ? actual[index] : nil
            guard !same(expected, found?.text, signOfZeroMatters: expectation.signOfZeroMatters) else { continue }
            let ordinal = "\(what) \(index + 1)\(owner)"
            switch (expected, found) {
            case let (expected?, found?):
                return "\(ordinal) differs, after step \(found.step) (\(summary(found.step, vector))):\n  expected: \(expected)\n  actual:   \(found.text)"
            case let (expected?, nil):
                return "\(ordinal) is missing by step \(step - 1):\n  expected: \(expected)"
            case let (nil, found?):
                return "\(ordinal) was not expected, after step \(found.step) (\(summary(found.step, vector))):\n  actual:   \(found.text)"
            default:
                continue
            }
        }
        return nil
    }

    /// The expectation and the trace with every write error read as `refused` and every
    /// listener error as `error`.
    private static func withoutMessages(_ expectation: Expectation, _ trace: Trace) -> (Expectation, Trace) {
        var expectation = expectation, trace = trace
        func plain(_ text: String) -> String { text.hasPrefix("error: ") ? "error" : text }
        switch expectation.subject {
        case .writeErrors:
            expectation.lines = expectation.lines.map { _ in "refused" }
            trace.writeErrors = trace.writeErrors.map { Trace.Entry(step: $0.step, text: "refused") }
        case let .emissions(label):
            expectation.lines = expectation.lines.map(plain)
            trace.emissions[label] = trace.emissions[label]?.map { Trace.Entry(step: $0.step, text: plain($0.text)) }
        default: break
        }
        return (expectation, trace)
    }

    /// `entries` with those of each step in the order `expected` gives them, where the step's
    /// entries and the expected lines in their places are the same set: the decode failures of
    /// one step (a join's read of both sides at once) come in no fixed order (Behaviour.md).
    static func alignedWithinSteps(_ entries: [Trace.Entry], to expected: [String]) -> [Trace.Entry] {
        var aligned = entries, start = 0
        while start < entries.count {
            let end = entries[start...].firstIndex { $0.step != entries[start].step } ?? entries.count
            if end <= expected.count, entries[start..<end].map(\.text).sorted() == expected[start..<end].sorted() {
                for index in start..<end { aligned[index].text = expected[index] }
            }
            start = end
        }
        return aligned
    }

    private static func same(_ expected: String?, _ found: String?, signOfZeroMatters: Bool) -> Bool {
        guard !signOfZeroMatters, let expected, let found else { return expected == found }
        return CanonicalText.ignoringSignOfZero(expected) == CanonicalText.ignoringSignOfZero(found)
    }

    private static func summary(_ step: Int, _ vector: Vector) -> String {
        guard step >= 1, step <= vector.steps.count else { return "before any step" }
        let location = vector.steps[step - 1].location
        return "\(vector.steps[step - 1].summary), line \(location.line)"
    }
}
