/// Shows each mail on the console instead of sending it: the sample's post office.
public struct PrintingMailSender: MailSender {
    private let output: any TextOutput

    /// Makes a sender that writes each mail to `output`.
    ///
    /// - Parameter output: Where the mail is shown.
    public init(output: any TextOutput) {
        self.output = output
    }

    /// Writes `mail` to the output in a frame that says it was not sent.
    ///
    /// - Parameter mail: The mail to show.
    public func send(_ mail: Mail) {
        let body = mail.body.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = ["To: \(mail.to)", "Subject: \(mail.subject)", ""] + body.map(String.init)
        let framed = lines.map { $0.isEmpty ? "│" : "│ \($0)" }
        output.write(
            (["┌─ mail the stand-in would send (nothing was sent) ─"] + framed + ["└─"])
                .joined(separator: "\n") + "\n")
    }
}
