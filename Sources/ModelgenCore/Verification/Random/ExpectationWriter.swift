/// Turns a trace into `expect` steps: after each step that printed something, an expectation of
/// everything printed so far for each label, list or count that changed in that step.
enum ExpectationWriter {
    static func steps(_ actions: [VectorStep.Action], expecting trace: Trace) -> [VectorStep] {
        var steps: [VectorStep] = []
        var listeners = 0
        for (index, action) in actions.enumerated() {
            let number = index + 1
            steps.append(VectorStep(generated: action))
            var expectations: [Expectation] = []
            for label in trace.emissions.keys.sorted() where trace.emissions[label]!.contains(where: { $0.step == number }) {
                expectations.append(expectation(.emissions(label: label), trace.emissions[label]!, upTo: number))
            }
            if trace.decodeFailures.contains(where: { $0.step == number }) {
                expectations.append(expectation(.decodeFailures, trace.decodeFailures, upTo: number))
            }
            if trace.writeErrors.contains(where: { $0.step == number }) {
                expectations.append(expectation(.writeErrors, trace.writeErrors, upTo: number))
            }
            if let count = trace.listeners[number], count != listeners {
                listeners = count
                expectations.append(Expectation(subject: .listeners, lines: ["\(count)"], location: .generated))
            }
            if !expectations.isEmpty {
                steps.append(VectorStep(generated: .expect(expectations)))
            }
        }
        return steps
    }

    private static func expectation(_ subject: Expectation.Subject, _ entries: [Trace.Entry], upTo step: Int) -> Expectation {
        Expectation(subject: subject, lines: entries.filter { $0.step <= step }.map(\.text), location: .generated)
    }
}
