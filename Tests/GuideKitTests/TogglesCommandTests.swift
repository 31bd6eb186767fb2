import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// The console's `:toggles`, which shows the toggles the app container owns.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct TogglesCommandTests {
    let directory = TemporaryDirectory()

    @Test func togglesShowsEachValueAndItsSource() async throws {
        let toggles = try FeatureToggles.resolve(dataDirectory: directory.url, environment: [:])
        let run = await runConsole(
            [":toggles", ":help", ":quit"], in: directory, toggles: toggles)
        expectInOrder(
            run.output,
            [
                "[guide/welcome] choice> :toggles\n", "Feature toggles (weakest first:",
                "  journal-storage  off  from built-in default\n",
                "Toggles file: \(directory.file("toggles.txt").path) (none yet).\n",
                "[guide/welcome] choice> :help\n",
                ":toggles show each feature toggle, its value and where it came from\n",
            ])
    }
}
