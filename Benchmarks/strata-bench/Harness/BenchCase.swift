/// One benchmark case: Strata against its baseline, measured in the same run, and the
/// target the issue sets for it.
struct BenchCase: Sendable {
    /// The name `--filter` takes, for example `shared-root`.
    let name: String
    /// What the case measures, as the table's first column says it.
    let title: String
    /// The unit of both figures: `ns/op`, `B/container`, `ns/instance`.
    let unit: String
    /// What the baseline column holds, for the notes under the table.
    let baseline: String
    let target: Target
    /// The case that measures the floor for this one — what the machine, or the guarantees
    /// Strata keeps, cost written by hand: the table then says how far above that floor
    /// Strata is, and whether the target is under it.
    var floor: String? = nil
    /// Whether the figures are counts averaged over a loop (allocations), shown whole when
    /// they are whole, rather than measurements.
    var isCount = false
    /// Checks that both sides behave, then measures them.
    let measure: @Sendable (MeasureSettings) throws(BenchFailure) -> Comparison
}

/// The two figures of a case, measured in the same run.
struct Comparison: Sendable {
    let strata: Figure
    let baseline: Figure
}

/// What a case's figures are compared with.
enum Target: Sendable {
    /// Strata ÷ baseline at most this.
    case ratio(atMost: Double)
    /// (Strata − baseline) ÷ `extraTiers` at most this many nanoseconds.
    case nanosecondsPerTier(atMost: Double, extraTiers: Int)
    /// Strata − baseline at most this many nanoseconds: what Strata adds to work that costs
    /// far more than a container, such as a request. The table also says whether the ratio
    /// is within `stretchRatio`, a further goal that is not judged.
    case nanosecondsOver(atMost: Double, stretchRatio: Double? = nil)
    /// Strata's own figure at most this, in the case's unit, whatever the baseline: a bound
    /// on growth, which may be zero on both sides.
    case atMost(Double)
}

/// A case and its figures.
struct CaseResult: Sendable {
    let benchCase: BenchCase
    let figures: Comparison

    var strata: Figure { figures.strata }
    var baseline: Figure { figures.baseline }

    /// Strata ÷ baseline, from the medians.
    var ratio: Double { strata.median / baseline.median }

    /// The figure the target judges: the ratio, or the cost per tier.
    var judged: Double {
        switch benchCase.target {
        case .ratio: ratio
        case .nanosecondsPerTier(_, let extraTiers):
            (strata.median - baseline.median) / Double(extraTiers)
        case .nanosecondsOver: strata.median - baseline.median
        case .atMost: strata.median
        }
    }

    /// The most the judged figure may be.
    var limit: Double {
        switch benchCase.target {
        case .ratio(let limit), .nanosecondsPerTier(let limit, _), .nanosecondsOver(let limit, _),
            .atMost(let limit):
            limit
        }
    }

    var meetsTarget: Bool { judged <= limit }
}

/// A case that could not run, or whose results were not what the container promises.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    /// Whether the case cannot run on this platform: it is skipped, not failed.
    let isUnsupported: Bool
    /// Whether the case cannot be measured until the library does what it needs, which the
    /// description says: it is reported as blocked, not failed, and measures once the library
    /// does.
    let isBlocked: Bool

    init(_ description: String) {
        self.init(description, isUnsupported: false, isBlocked: false)
    }

    private init(_ description: String, isUnsupported: Bool, isBlocked: Bool) {
        self.description = description
        self.isUnsupported = isUnsupported
        self.isBlocked = isBlocked
    }

    /// The case cannot run on this platform.
    static func unsupported(_ description: String) -> BenchFailure {
        BenchFailure(description, isUnsupported: true, isBlocked: false)
    }

    /// The case cannot be measured until the library does what `description` says it does
    /// not.
    static func blocked(_ description: String) -> BenchFailure {
        BenchFailure(description, isUnsupported: false, isBlocked: true)
    }
}

/// Fails the case with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BenchFailure) {
    if !condition { throw BenchFailure(message()) }
}
