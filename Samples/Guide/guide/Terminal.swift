import Foundation
import GuideKit

/// Standard input, line by line.
struct StandardInput: LineInput {
    /// Whether standard input is a terminal rather than a pipe or a file.
    let isInteractive = isatty(STDIN_FILENO) == 1

    /// The next line, without its line break (`\n` or `\r\n`).
    func readLine() -> String? {
        guard let line = Swift.readLine(strippingNewline: true) else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    /// The next line, with the terminal's echo turned off while it is typed, so a password does not
    /// show on the screen.
    ///
    /// From a pipe it reads as any line.
    func readSecretLine() -> String? {
        var settings = termios()
        guard isInteractive, tcgetattr(STDIN_FILENO, &settings) == 0 else { return readLine() }
        let original = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        defer {
            var restored = original
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &restored)
            // The Return key was not echoed either.
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return readLine()
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
