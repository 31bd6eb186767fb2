#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long and how often each timed loop runs.
struct MeasureSettings: Sendable {
    /// How long one timed loop should take once calibrated, in seconds.
    var seconds: Double
    /// How many times each loop is timed; the median is reported.
    var repetitions: Int
    /// A fixed iteration count instead of calibration: the smoke mode's, or `--iterations`.
    var fixedIterations: Int?
    /// Whether this is the smoke mode, which checks that every case runs and judges nothing.
    var isSmoke = false

    /// The full run: calibrated loops of about half a second, five times each.
    static let full = MeasureSettings(seconds: 0.5, repetitions: 5, fixedIterations: nil)

    /// The smoke mode: a few iterations, twice, to check that every case runs.
    static let smoke = MeasureSettings(
        seconds: 0, repetitions: 2, fixedIterations: 100, isSmoke: true)

    /// Whether each loop's length was calibrated to ``seconds``: only then are the figures
    /// timings to judge against the targets.
    var isCalibrated: Bool { fixedIterations == nil }

    /// The count `--iterations` asked for, which the cases that are not calibrated loops
    /// (memory, allocations, `end()`) take in place of their own; `nil` otherwise.
    ///
    /// Under `valgrind --tool=callgrind`, the instructions of two runs at different counts
    /// differ by what that many more operations cost: everything else a run does is the same.
    var exactIterations: Int? { isSmoke ? nil : fixedIterations }
}

/// A loop under measurement: runs `iterations` operations and returns how many
/// nanoseconds they took, excluding any setup it did first.
typealias TimedLoop = (_ iterations: Int) -> Double

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times `body`, which runs its operations in a loop of its own, so that the loop is
/// compiled together with the operation and costs no call per iteration.
func timedLoop(_ body: @escaping (_ iterations: Int) -> Void) -> TimedLoop {
    { iterations in
        let start = monotonicNanoseconds()
        body(iterations)
        return Double(monotonicNanoseconds() - start)
    }
}

/// The figures of one side of a case: nanoseconds (or bytes) per operation, one per
/// repetition.
struct Figure: Sendable {
    let samples: [Double]
    /// Operations per timed loop, after calibration; `nil` for figures that are not loops.
    let iterations: Int?

    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// The iteration count that makes `loop` take about `seconds`.
///
/// Doubles the count until one run takes 20 ms, then scales. The runs double as warm-up.
func calibrate(_ loop: TimedLoop, seconds: Double) -> Int {
    var iterations = 1
    while true {
        let elapsed = loop(iterations)
        if elapsed >= 20_000_000 || iterations >= 1 << 40 {
            return max(1, Int(Double(iterations) * seconds * 1e9 / max(elapsed, 1)))
        }
        iterations *= 2
    }
}

/// Measures two loops interleaved — Strata, baseline, baseline, Strata, … — so that both
/// see the same machine, and returns nanoseconds per operation for each.
func compare(
    _ strata: TimedLoop, _ baseline: TimedLoop, settings: MeasureSettings
) -> Comparison {
    // A fixed count skips calibration, and the warm-up it gives: a loop then runs exactly
    // `repetitions` times its count, and nothing else runs it.
    let strataIterations = settings.fixedIterations ?? calibrate(strata, seconds: settings.seconds)
    let baselineIterations =
        settings.fixedIterations ?? calibrate(baseline, seconds: settings.seconds)
    var strataSamples: [Double] = []
    var baselineSamples: [Double] = []
    for repetition in 0..<settings.repetitions {
        // Strata goes first in even repetitions and second in odd ones.
        for turn in 0..<2 {
            if (turn == 0) == (repetition % 2 == 0) {
                strataSamples.append(strata(strataIterations) / Double(strataIterations))
            } else {
                baselineSamples.append(baseline(baselineIterations) / Double(baselineIterations))
            }
        }
    }
    return Comparison(
        strata: Figure(samples: strataSamples, iterations: strataIterations),
        baseline: Figure(samples: baselineSamples, iterations: baselineIterations))
}
