/// The command line of `strata-bench`.
struct Options {
    var settings = MeasureSettings.full
    var filter: String?
    var jsonPath: String?
    var listCases = false
    var showHelp = false

    static let usage = """
        usage: swift run -c release strata-bench [options]

          --smoke                 run every case for a few iterations and check its results;
                                  exits non-zero if a case fails (timings are not judged)
          --filter NAME           run only the case NAME (see --list)
          --json PATH             also write the figures as JSON to PATH
          --seconds S             length of one calibrated loop (default 0.5)
          --repetitions N         timed loops per side (default 5; fewer only to profile)
          --iterations N          run each loop exactly N operations, once per side (unless
                                  --repetitions), uncalibrated and not judged: callgrind's
                                  counts at two N differ by what N operations cost
          --list                  list the cases and exit
          --help                  show this help
        """

    /// Parses the command line.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    /// - Throws: ``BenchFailure`` saying which argument is wrong.
    init(_ arguments: [String]) throws(BenchFailure) {
        var remaining = arguments[...]
        func value(for option: String) throws(BenchFailure) -> String {
            guard let value = remaining.popFirst() else {
                throw BenchFailure("\(option) needs a value")
            }
            return value
        }
        var seconds: Double?
        var repetitions: Int?
        var iterations: Int?
        while let argument = remaining.popFirst() {
            switch argument {
            case "--smoke": settings = .smoke
            case "--filter": filter = try value(for: argument)
            case "--json": jsonPath = try value(for: argument)
            case "--seconds":
                guard let parsed = Double(try value(for: argument)), parsed > 0 else {
                    throw BenchFailure("--seconds needs a positive number")
                }
                seconds = parsed
            case "--repetitions":
                guard let parsed = Int(try value(for: argument)), parsed > 0 else {
                    throw BenchFailure("--repetitions needs a positive whole number")
                }
                repetitions = parsed
            case "--iterations":
                guard let parsed = Int(try value(for: argument)), parsed > 0 else {
                    throw BenchFailure("--iterations needs a positive whole number")
                }
                iterations = parsed
            case "--list": listCases = true
            case "--help", "-h": showHelp = true
            default: throw BenchFailure("unknown argument '\(argument)'")
            }
        }
        if let seconds { settings.seconds = seconds }
        if let iterations {
            settings.fixedIterations = iterations
            settings.repetitions = 1
        }
        if let repetitions { settings.repetitions = repetitions }
    }
}
