#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// strata-bench: what Strata costs against hand-written containers.
// Run with `swift run -c release strata-bench`; `--smoke` for CI, `--help` for the rest.

let allCases: [BenchCase] = [
    .sharedFromRoot,
    .sharedFromChild,
    .sharedCapturing,
    .position1stPlain,
    .position2ndPlain,
    .position10thPlain,
    .position30thPlain,
    .position1stCapturing,
    .position2ndCapturing,
    .position10thCapturing,
    .position30thCapturing,
    .positionSpreadPlain,
    .positionSpreadCapturing,
    .mixedOrder,
    .wholeFlow,
    .uniqueWithDependencies,
    .interactionLifecycle,
    .interactionCapturing,
    .interactionFloor,
    .allocationsPerLifecycle,
    .twoThreads,
    .twoThreadsFloor,
    .memoryPerContainer,
    .memoryFloor,
    .providerGrowth,
    .tierGrowth,
    .endGrowth,
    .request,
    .request64,
    .requestCancel,
    .requestSync,
    .requestSync64,
    .requestHooks,
    .asyncCached,
    .asyncCachedMain,
    .asyncFirst,
    .endAndWaitCost,
    .endAndWaitMain,
    .asyncEndWork,
    .released,
    .requestMemory,
    .requestMemoryEnd,
    .requestMemoryEndLater,
    .requestMemoryWith,
    .leakReceiverMemory,
]

/// Progress and errors go to standard error, so standard output holds only the table.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("strata-bench: \(error)")
    printError(Options.usage)
    exit(2)
}

if options.showHelp {
    print(Options.usage)
    exit(0)
}
if options.listCases {
    for benchCase in allCases { print("\(benchCase.name)\t\(benchCase.title)") }
    exit(0)
}

let selected = allCases.filter { options.filter == nil || $0.name == options.filter }
if selected.isEmpty {
    printError("strata-bench: no case named '\(options.filter ?? "")'; see --list")
    exit(2)
}

/// Runs the selected cases, prints the table and ends the process with the run's status.
func runCases(_ selected: [BenchCase], options: Options) -> Never {
    var outcomes: [CaseOutcome] = []
    for benchCase in selected {
        printError("running \(benchCase.name): \(benchCase.title)")
        let start = monotonicNanoseconds()
        do {
            let figures = try benchCase.measure(options.settings)
            outcomes.append(.measured(CaseResult(benchCase: benchCase, figures: figures)))
        } catch  where error.isUnsupported || error.isBlocked {
            printError("  \(error.isBlocked ? "blocked" : "skipped"): \(error)")
            outcomes.append(.skipped(benchCase, error))
        } catch {
            printError("  FAILED: \(error)")
            outcomes.append(.failed(benchCase, error))
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        printError("  done in \(NumberFormat.fixed(seconds, decimals: 2)) s")
    }

    print(TableReport(outcomes: outcomes, settings: options.settings).text)

    if let path = options.jsonPath {
        guard JSONReport(outcomes: outcomes, settings: options.settings).write(to: path) else {
            printError("strata-bench: could not write JSON to \(path)")
            exit(1)
        }
    }

    let failures = outcomes.filter { if case .failed = $0 { true } else { false } }
    if !failures.isEmpty {
        printError("strata-bench: \(failures.count) case(s) failed")
        exit(1)
    }
    exit(0)
}

// The cases run on a thread of their own; the main thread runs the main queue, and so the
// main actor, so that a case can run a loop there (`async-cached-main`) while the bench
// thread waits for it.
MainThread.recordCurrent()
BenchThread.start { [options, selected] in runCases(selected, options: options) }
MainQueue.serve()
