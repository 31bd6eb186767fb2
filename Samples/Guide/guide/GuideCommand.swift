public import GuideKit
public import GuideStorage

/// The `guide` executable, minus its terminal: reads the command line, finds the data
/// directory, runs the start-up steps — the feature toggles, then the storage — makes the
/// app container and runs GuideKit's `Console`.
///
/// This is the composition root, and the one place that names a storage engine: it asks
/// GuideStorage for the storage the toggles pick and hands it to the `AppContainer` as
/// GuideCore's `Storage`. It lives in the executable, not in GuideKit, so that GuideKit —
/// containers, view models, screens — depends on the repository protocols alone and
/// imports no engine; a test that wants a failing disk runs this command in its process
/// with a `Disk` of its own.
public enum GuideCommand {
    /// Runs the guide.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's name.
    ///   - environment: The process's environment, for `GUIDE_DATA_DIR`, `HOME` and the
    ///     `GUIDE_TOGGLE_…` variables.
    ///   - input: Where the user's lines come from.
    ///   - output: Standard output.
    ///   - errors: Standard error, for a usage message or a bad toggle.
    ///   - disk: Where the storage engines' bytes go: the file system's disk, unless a test
    ///     runs the guide in its process on a disk that fills.
    /// - Returns: The exit status: 0; 2 for a command line `guide` does not understand; 1
    ///   for a toggles file or a `GUIDE_TOGGLE_…` variable it cannot use.
    @MainActor
    public static func run(
        arguments: [String], environment: [String: String], input: any LineInput,
        output: any TextOutput, errors: any TextOutput, disk: any Disk = SystemDisk()
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
        // Start-up, before the first screen, one named step after the other: the toggles,
        // then the storage they pick, checked and moved if need be.
        let toggles: FeatureToggles
        do throws(ToggleError) {
            toggles = try FeatureToggles.resolve(
                dataDirectory: directory, environment: environment, commandLine: options.toggles)
        } catch {
            errors.write("guide: \(error)\nFix it or remove it, then start the guide again.\n")
            return 1
        }
        let storage = StorageStartup.run(dataDirectory: directory, toggles: toggles, disk: disk)
        let app = AppContainer(
            dataDirectory: directory, mailOutput: output, toggles: toggles, storage: storage)
        let status = await Console(
            app: app, input: input, output: output, traces: options.traces
        ).run()
        app.end()
        return status
    }
}
