// The `guide` executable: the terminal around GuideKit's console, and the start-up that
// picks the storage (GuideCommand).
//
//     swift run guide                                   # interactive
//     printf '1\ndemo@example.com\ndemo1234\n' | swift run guide --data-dir /tmp/guide
import Foundation
import GuideKit

let status = await GuideCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    input: StandardInput(),
    output: StandardOutput(handle: .standardOutput),
    errors: StandardOutput(handle: .standardError))
exit(status)
