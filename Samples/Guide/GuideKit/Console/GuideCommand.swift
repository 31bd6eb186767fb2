/// The `guide` executable, minus its terminal: reads the command line, finds the data
/// directory, makes the app container and runs the ``Console``.
public enum GuideCommand {
    /// Runs the guide.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's name.
    ///   - environment: The process's environment, for `GUIDE_DATA_DIR` and `HOME`.
    ///   - input: Where the user's lines come from.
    ///   - output: Standard output.
    ///   - errors: Standard error, for a usage message.
    /// - Returns: The exit status: 0, or 2 for a command line `guide` does not understand.
    @MainActor
    public static func run(
        arguments: [String], environment: [String: String], input: any LineInput,
        output: any TextOutput, errors: any TextOutput
    ) async -> Int32 {
        let options: GuideOptions
        do throws(UsageError) {
            options = try GuideOptions.parse(arguments)
        } catch {
            errors.write("guide: \(error)\n\n\(GuideOptions.usage)\n")
            return 2
        }
        if options.showsHelp {
            output.write(GuideOptions.usage + "\n")
            return 0
        }
        let directory = DataDirectory.resolve(
            option: options.dataDirectory, environment: environment)
        let app = AppContainer(dataDirectory: directory, mailOutput: output)
        let status = await Console(
            app: app, input: input, output: output, traces: options.traces
        ).run()
        app.end()
        return status
    }
}
