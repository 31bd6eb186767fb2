/// Where the console writes: standard output in the `guide` executable, a recording in
/// tests.
///
/// The stand-in authentication API's mail and the `--trace` lines go here too, from any
/// thread, so it must be `Sendable`.
public protocol TextOutput: Sendable {
    /// Writes `text` as it is; the console adds the line breaks.
    ///
    /// - Parameter text: The text to write.
    func write(_ text: String)
}

/// Where the console reads the user's lines: standard input in the `guide` executable, a
/// script in tests.
///
/// The console runs on the main actor with the view models, and awaits each line: an input
/// that waits for a person, such as standard input, waits off the main actor, so that the
/// screens' updates and anything else bound to the main actor run meanwhile. An input that
/// has its lines at hand, such as a script, can return them at once.
public protocol LineInput {
    /// Whether a person types the lines at a terminal. When not, the console echoes each
    /// line after its prompt, so that a transcript reads as a conversation.
    var isInteractive: Bool { get }

    /// The next line, without its line break.
    ///
    /// - Returns: The line, or `nil` at the end of the input.
    @MainActor func readLine() async -> String?

    /// The next line, read without showing what is typed: the answer to a password field.
    ///
    /// - Returns: The line, or `nil` at the end of the input.
    @MainActor func readSecretLine() async -> String?
}

extension LineInput {
    /// Reads the next line as any other: an input that shows nothing as it is typed (a
    /// pipe, a script) has nothing to hide.
    ///
    /// - Returns: The line, or `nil` at the end of the input.
    @MainActor public func readSecretLine() async -> String? { await readLine() }
}
