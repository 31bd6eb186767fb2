import Dispatch
import Foundation
import GuideKit

/// Standard input, line by line, read off the main actor.
///
/// Reading waits for the user; it waits on a queue of its own, so the main actor — where
/// the console and the view models run — stays free meanwhile.
struct StandardInput: LineInput {
    /// Whether standard input is a terminal rather than a pipe or a file.
    let isInteractive = isatty(STDIN_FILENO) == 1

    /// Where standard input is read: one line at a time, in order.
    private static let reader = DispatchQueue(label: "guide.standard-input")

    /// The next line, without its line break (`\n` or `\r\n`).
    func readLine() async -> String? {
        await Self.read { Self.line() }
    }

    /// The next line, with the terminal's echo turned off while it is typed, so a password does not
    /// show on the screen.
    ///
    /// From a pipe it reads as any line.
    func readSecretLine() async -> String? {
        let isInteractive = isInteractive
        return await Self.read { Self.secretLine(isInteractive: isInteractive) }
    }

    /// Runs `read` on the reader queue, and waits for its line without holding a thread.
    private static func read(_ read: @escaping @Sendable () -> String?) async -> String? {
        await withCheckedContinuation { continuation in
            reader.async { continuation.resume(returning: read()) }
        }
    }

    private static func line() -> String? {
        guard let line = Swift.readLine(strippingNewline: true) else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    private static func secretLine(isInteractive: Bool) -> String? {
        var settings = termios()
        guard isInteractive, tcgetattr(STDIN_FILENO, &settings) == 0 else { return line() }
        let original = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        defer {
            var restored = original
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &restored)
            // The Return key was not echoed either.
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return line()
    }
}

/// Standard output or standard error, written through at once so that prompts show
/// before the input they ask for.
struct StandardOutput: TextOutput {
    let handle: FileHandle

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}
