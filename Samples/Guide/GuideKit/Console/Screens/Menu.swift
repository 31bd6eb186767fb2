/// A numbered list of choices, answered by number or by name: `2`, `sign up`, `signup`.
@MainActor
struct Menu {
    /// One choice and what it does.
    struct Item {
        let title: String
        let action: @MainActor () -> Void
    }

    let items: [Item]

    /// What a menu asks for.
    static let question = Question(label: "choice")

    init(_ items: [Item]) { self.items = items }

    /// The choices, numbered from 1.
    var lines: [String] {
        items.enumerated().map { "  \($0.offset + 1). \($0.element.title)" }
    }

    /// Runs the choice `text` names, or says which answers are possible.
    func choose(_ text: String, context: ScreenContext) {
        let answer = Self.normalized(text)
        if let number = Int(answer), items.indices.contains(number - 1) {
            return items[number - 1].action()
        }
        if let item = items.first(where: { Self.normalized($0.title) == answer }) {
            return item.action()
        }
        let names = items.map { "'\($0.title)'" }.joined(separator: ", ")
        if answer.isEmpty {
            context.say("Please choose: a number from 1 to \(items.count), or \(names).")
        } else {
            context.say(
                "'\(text)' is not a choice here. Type a number from 1 to \(items.count), "
                    + "or \(names).\(Self.commandHint(for: text))")
        }
    }

    /// A reminder that commands start with `:`, when `text` is a command without it — what a
    /// newcomer types first at a menu, `quit` or `help`; empty otherwise.
    private static func commandHint(for text: String) -> String {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch ConsoleCommand(":" + word) {
        case nil, .unknown: return ""
        default: return " Commands start with ':': did you mean ':\(word)'?"
        }
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
