#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The figures of the table as JSON, for `--json PATH`.
///
/// ```json
/// {"mode": "full", "seconds": 0.5, "repetitions": 5, "memorySource": "…",
///  "allocationSource": "…", "cases": [
///   {"name": "shared-root", "title": "…", "unit": "ns/op", "baseline": "…",
///    "strataMedian": 21.5, "baselineMedian": 9.1, "ratio": 2.36,
///    "target": {"kind": "ratio", "limit": 2.5, "judged": 2.36, "met": true},
///    "strataSamples": […], "baselineSamples": […],
///    "strataIterations": 23000000, "baselineIterations": 55000000}
/// ]}
/// ```
///
/// `"mode"` is `"full"`, `"smoke"` or `"iterations"` (`--iterations`: no target is judged).
/// A case that failed has `"error"` instead of figures; one that cannot run on this
/// platform, `"skipped"`; one that cannot be measured until the library can do what it
/// measures, `"blocked"`.
struct JSONReport {
    let outcomes: [CaseOutcome]
    let settings: MeasureSettings

    var text: String {
        let cases = outcomes.map { outcome in
            switch outcome {
            case .measured(let result): caseObject(result)
            case .failed(let benchCase, let failure):
                object([
                    ("name", string(benchCase.name)), ("title", string(benchCase.title)),
                    ("error", string(failure.description)),
                ])
            case .skipped(let benchCase, let reason):
                object([
                    ("name", string(benchCase.name)), ("title", string(benchCase.title)),
                    (reason.isBlocked ? "blocked" : "skipped", string(reason.description)),
                ])
            }
        }
        return object([
            ("mode", string(mode)),
            ("seconds", number(settings.seconds)),
            ("repetitions", String(settings.repetitions)),
            ("memorySource", string(ResidentMemory.source)),
            ("allocationSource", string(HeapAllocations.source)),
            ("cases", "[\n" + cases.map { "    " + $0 }.joined(separator: ",\n") + "\n]"),
        ]) + "\n"
    }

    /// `full`, `smoke`, or `iterations` for a run whose loops `--iterations` fixed.
    private var mode: String {
        settings.isSmoke ? "smoke" : settings.isCalibrated ? "full" : "iterations"
    }

    /// Writes the report to `path`; `false` when the file cannot be written.
    func write(to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fputs(text, file) >= 0
    }

    private func caseObject(_ result: CaseResult) -> String {
        let kind =
            switch result.benchCase.target {
            case .ratio: "ratio"
            case .nanosecondsPerTier: "nanosecondsPerTier"
            case .nanosecondsOver: "nanosecondsOver"
            case .atMost: "atMost"
            }
        let target = object([
            ("kind", string(kind)), ("limit", number(result.limit)),
            ("judged", number(result.judged)),
            ("met", settings.isCalibrated ? String(result.meetsTarget) : "null"),
        ])
        return object([
            ("name", string(result.benchCase.name)), ("title", string(result.benchCase.title)),
            ("unit", string(result.benchCase.unit)),
            ("baseline", string(result.benchCase.baseline)),
            ("strataMedian", number(result.strata.median)),
            ("baselineMedian", number(result.baseline.median)),
            ("ratio", number(result.ratio)), ("target", target),
            ("strataSamples", array(result.strata.samples)),
            ("baselineSamples", array(result.baseline.samples)),
            ("strataIterations", result.strata.iterations.map(String.init) ?? "null"),
            ("baselineIterations", result.baseline.iterations.map(String.init) ?? "null"),
        ])
    }

    private func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private func array(_ values: [Double]) -> String {
        "[" + values.map(number).joined(separator: ", ") + "]"
    }

    private func number(_ value: Double) -> String {
        value.isFinite ? String(value) : "null"
    }

    private func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
