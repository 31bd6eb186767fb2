/// The table `strata-bench` prints: one row per case, with Strata's median, the baseline's
/// median, the ratio, and the target with PASS or MISS.
struct TableReport {
    let outcomes: [CaseOutcome]
    let settings: MeasureSettings

    var text: String {
        var rows = [["case", "Strata", "baseline", "ratio", "target"]]
        for outcome in outcomes {
            switch outcome {
            case .measured(let result):
                rows.append([
                    result.benchCase.title,
                    "\(figure(result.strata, of: result.benchCase)) \(result.benchCase.unit)",
                    "\(figure(result.baseline, of: result.benchCase)) \(result.benchCase.unit)",
                    "\(NumberFormat.fixed(result.ratio, decimals: 2))×",
                    targetText(result),
                ])
            case .failed(let benchCase, let failure):
                let reason = failure.description.split(separator: "\n").joined(separator: " / ")
                rows.append([benchCase.title, "FAILED: \(reason)", "", "", ""])
            case .skipped(let benchCase, let reason):
                let kind = reason.isBlocked ? "blocked" : "skipped"
                rows.append([benchCase.title, "\(kind): \(reason)", "", "", ""])
            }
        }
        return ([header] + aligned(rows) + [""] + notes).joined(separator: "\n")
    }

    private var header: String {
        if settings.isSmoke {
            return "strata-bench, smoke mode: every case runs a few iterations and is checked; "
                + "timings are not judged.\n"
        }
        if let iterations = settings.fixedIterations {
            return "strata-bench, fixed length: each loop runs \(iterations) operations, "
                + "\(settings.repetitions) time(s) per side, uncalibrated; timings are not "
                + "judged.\n"
        }
        return "strata-bench: Strata against hand-written containers. Each loop is calibrated "
            + "to about \(NumberFormat.compact(settings.seconds)) s and timed "
            + "\(settings.repetitions) times, interleaved with its baseline; medians shown.\n"
    }

    /// A side's median: a count as ``NumberFormat/average(_:)`` shows it, a measurement as
    /// ``NumberFormat/compact(_:)`` does.
    private func figure(_ figure: Figure, of benchCase: BenchCase) -> String {
        benchCase.isCount
            ? NumberFormat.average(figure.median) : NumberFormat.compact(figure.median)
    }

    private func targetText(_ result: CaseResult) -> String {
        let limit = NumberFormat.shortest(result.limit)
        let verdict =
            !settings.isCalibrated ? "(not judged)" : result.meetsTarget ? "PASS" : "MISS"
        switch result.benchCase.target {
        case .ratio:
            return "≤ \(limit)× \(verdict)\(floorText(result))"
        case .nanosecondsPerTier:
            let perTier = NumberFormat.compact(result.judged)
            return "≤ \(limit) ns/tier \(verdict) (\(perTier) ns/tier)"
        case .nanosecondsOver(let nanoseconds, let stretchRatio):
            let over = result.judged >= 0 ? "+" : ""
            let stretch = stretchRatio.map { ratio in
                let met = !settings.isCalibrated ? "" : result.ratio <= ratio ? " met" : " missed"
                return "; stretch ≤ \(NumberFormat.shortest(ratio))×\(met)"
            }
            return "≤ +\(NumberFormat.fixed(nanoseconds, decimals: 0)) ns \(verdict) "
                + "(\(over)\(NumberFormat.compact(result.judged)) ns\(stretch ?? ""))"
        case .atMost:
            return "≤ \(limit) \(result.benchCase.unit) \(verdict)"
        }
    }

    /// For a case with a floor measured in the same run, Strata's median against the
    /// floor's, and whether the target is under the floor (the floor misses it too).
    private func floorText(_ result: CaseResult) -> String {
        guard settings.isCalibrated, let name = result.benchCase.floor,
            let floor = outcomes.lazy.compactMap(\.result).first(where: {
                $0.benchCase.name == name
            })
        else { return "" }
        let ratio = NumberFormat.fixed(result.strata.median / floor.strata.median, decimals: 2)
        let under = floor.meetsTarget ? "" : ", target under the floor"
        return "\(under) (\(ratio)× \(name))"
    }

    private var notes: [String] {
        var lines = ["ratio = Strata ÷ baseline, medians of the same run. Baselines:"]
        for outcome in outcomes {
            lines.append("  \(outcome.benchCase.title): \(outcome.benchCase.baseline)")
        }
        if outcomes.contains(where: { $0.benchCase.name == BenchCase.memoryPerContainer.name }) {
            lines.append("Memory: \(ResidentMemory.source).")
        }
        if outcomes.contains(where: {
            $0.result?.benchCase.name == BenchCase.allocationsPerLifecycle.name
        }) {
            lines.append(
                "Allocations: \(HeapAllocations.source), over "
                    + NumberFormat.fixed(
                        Double(BenchCase.countedLifecycles(settings)), decimals: 0)
                    + " lifecycles after \(BenchCase.uncountedLifecycles) uncounted; median of "
                    + "\(settings.repetitions) loops.")
        }
        return lines
    }

    /// Pads every column to its widest cell.
    private func aligned(_ rows: [[String]]) -> [String] {
        let widths = (0..<rows[0].count).map { column in
            rows.map { $0[column].count }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            .joined(separator: "  ")
        }
    }
}

/// How one case ended: measured, failed, or skipped on a platform it cannot run on or
/// blocked until the library can do what it measures.
enum CaseOutcome: Sendable {
    case measured(CaseResult)
    case failed(BenchCase, BenchFailure)
    case skipped(BenchCase, BenchFailure)

    var benchCase: BenchCase {
        switch self {
        case .measured(let result): result.benchCase
        case .failed(let benchCase, _), .skipped(let benchCase, _): benchCase
        }
    }

    /// The figures, when the case was measured.
    var result: CaseResult? {
        guard case .measured(let result) = self else { return nil }
        return result
    }
}
