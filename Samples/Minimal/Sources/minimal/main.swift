// `swift run minimal`: notes in Strata's four tiers, at a prompt. It reads standard input,
// so a script runs too:
//
//     printf 'sign in ada\nopen notes\nnew note\nMilk\n2 litres\nsign out\n' | swift run minimal
import Foundation
import MinimalKit

let app = AppContainer()
let console = Console(
    app: app, echo: isatty(STDIN_FILENO) == 0,
    // Standard input waits for a person; it waits off the main actor, which stays free.
    input: { await Task.detached { readLine() }.value },
    output: { FileHandle.standardOutput.write(Data($0.utf8)) })
await console.run()
// The app ends last, after everything under it.
let report = await app.endAndWait(within: .seconds(5))
print("Ended: \(report.ended.map(\.typeName).joined(separator: ", ")).")
