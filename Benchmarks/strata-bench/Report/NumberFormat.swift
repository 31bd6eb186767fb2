/// Numbers as the table shows them, without Foundation: enough digits to compare, no more.
enum NumberFormat {
    /// `0.87`, `12.3`, `456`, `12,345`: two decimals below 10, one below 100, none above.
    static func compact(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        let decimals = magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0
        return fixed(value, decimals: decimals)
    }

    /// `2.5`, `8`, `200`: a limit as it is written, without trailing zeros.
    static func shortest(_ value: Double) -> String {
        var text = fixed(value, decimals: 2)
        while text.hasSuffix("0") && text.contains(".") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `7`, `7.5`, `7.0001`: an average of counts, whole when it is whole, otherwise to four
    /// decimals, without trailing zeros.
    static func average(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        var text = fixed(value, decimals: 4)
        while text.hasSuffix("0") && text.contains(".") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `value` rounded to `decimals` places, with thousands separated by commas.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = grouped(scaled / scale)
        guard decimals > 0 else { return sign + whole }
        let fraction = String(scaled % scale)
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count)
            + fraction
    }

    /// `12345` as `12,345`.
    private static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
