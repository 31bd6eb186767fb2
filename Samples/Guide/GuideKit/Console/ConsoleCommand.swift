import Foundation

/// A command the console understands at any prompt: a line that starts with `:`.
enum ConsoleCommand: Equatable {
    /// Shows the commands and where the user is.
    case help
    /// Shows the live tree of containers.
    case scopes
    /// Shows each feature toggle's value and where it came from.
    case toggles
    /// Goes back one step.
    case back
    /// Leaves the guide.
    case quit
    /// A `:` word the console does not know.
    case unknown(String)

    /// The command `line` spells, or `nil` when it is an answer for the screen.
    init?(_ line: String) {
        let word = line.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.hasPrefix(":") else { return nil }
        switch word {
        case ":help", ":h", ":?": self = .help
        case ":scopes": self = .scopes
        case ":toggles": self = .toggles
        case ":back", ":b": self = .back
        case ":quit", ":q", ":exit": self = .quit
        default: self = .unknown(word)
        }
    }

    /// The commands, one per line, for `:help` and for an unknown command.
    static let summary = """
          :help    show this help
          :scopes  show the live containers, from the app tier down
          :toggles show each feature toggle, its value and where it came from
          :back    go back one step: the previous field, or out of a form
          :quit    leave the guide (the end of the input leaves too)
        """
}
