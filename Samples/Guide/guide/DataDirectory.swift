public import Foundation

/// Where the guide keeps its files: the stored session, notification answers and outbox.
///
/// The first of these wins: the `--data-dir` option, the `GUIDE_DATA_DIR` environment
/// variable, then a per-user default — `$XDG_DATA_HOME/strata-guide` or
/// `~/.local/share/strata-guide` on Linux, `~/Library/Application Support/strata-guide`
/// on macOS.
public enum DataDirectory {
    /// The environment variable that names the data directory: `GUIDE_DATA_DIR`.
    public static let environmentVariable = "GUIDE_DATA_DIR"

    /// The data directory to use.
    ///
    /// - Parameters:
    ///   - option: The value of `--data-dir`, if given.
    ///   - environment: The process's environment.
    /// - Returns: The directory; it may not exist yet.
    public static func resolve(option: String?, environment: [String: String]) -> URL {
        if let option, !option.isEmpty {
            return URL(fileURLWithPath: option, isDirectory: true).standardizedFileURL
        }
        if let path = environment[environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
        return defaultLocation(environment: environment)
    }

    /// The per-user default, under the home directory named by `HOME`.
    ///
    /// - Parameter environment: The process's environment.
    /// - Returns: The default directory.
    public static func defaultLocation(environment: [String: String]) -> URL {
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
            return home.appendingPathComponent("Library/Application Support/strata-guide")
        #else
            if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
                return URL(fileURLWithPath: dataHome, isDirectory: true)
                    .appendingPathComponent("strata-guide")
            }
            return home.appendingPathComponent(".local/share/strata-guide")
        #endif
    }
}
