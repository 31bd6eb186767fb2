public import Strata

/// Lines that `:help` adds after the commands: each feature says in a line what it offers,
/// for as long as its container lives.
///
/// The console gathers them from the container of the screen the user is on, so a feature
/// contributing to the signed-in session is explained at the home and below it, and not in
/// the guide.
///
/// ```swift
/// signedIn.contribute(HelpLines.self) { _ in
///     "profile: your name, address and notification answer; edit your name there."
/// }
/// let lines = try container.gather(HelpLines.self)
/// ```
public enum HelpLines: ContributionKey {
    /// One line, without a line break.
    public typealias Element = String
}
