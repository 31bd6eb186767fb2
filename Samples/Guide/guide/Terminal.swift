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
}

/// Standard output or standard error, written through at once so that prompts show
/// before the input they ask for.
struct StandardOutput: TextOutput {
    let handle: FileHandle

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}
