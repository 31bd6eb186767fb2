/// The feature toggles of a run, as the app shows them: each toggle's value and where it
/// came from.
///
/// The app container is handed one at start-up (`GuideKit`'s
/// `AppContainer.toggles`) and the console prints its ``report`` for `:toggles`. The
/// toggles themselves — their sources, the toggles file, the names — are
/// `GuideStorage`'s `FeatureToggles`, which the app never needs to read.
///
/// ```swift
/// let toggles = try FeatureToggles.resolve(dataDirectory: directory, environment: environment)
/// let report: any ToggleReport = toggles
/// report.report   // ["Feature toggles (weakest first: …):", "  journal-storage  off  …"]
/// ```
public protocol ToggleReport: Sendable {
    /// Each toggle's value and source, a line each, as `:toggles` prints them.
    var report: [String] { get }
}
