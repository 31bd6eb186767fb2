import Synchronization

/// For tests only: a full disk without a file system to fill, set by the
/// `GUIDE_TEST_DISK_LIMIT` environment variable of the `guide` executable.
///
/// With `GUIDE_TEST_DISK_LIMIT=<bytes>`, the storage engines' writes in that run may put
/// that many bytes on disk, all files together; a write that passes the limit writes what
/// fits and then fails as a full disk does, with the same error. The tests that fill a
/// small tmpfs use it where they may not mount one. Nothing sets it otherwise, so a run
/// without the variable writes as much as the disk takes.
///
/// ```sh
/// GUIDE_TEST_DISK_LIMIT=4096 guide --data-dir /tmp/full   # the disk is full after 4 KiB
/// ```
public enum TestDiskLimit {
    /// The environment variable that sets the limit: `GUIDE_TEST_DISK_LIMIT`.
    public static let variable = "GUIDE_TEST_DISK_LIMIT"

    /// The bytes left to write; `nil` for no limit.
    ///
    /// One process, one disk: the limit is the process's, as a disk's free space is.
    private static let left = Mutex<Int?>(nil)

    /// Sets the limit from `environment`, if it names one; a value that is not a count of
    /// bytes sets none.
    ///
    /// - Parameter environment: The process's environment.
    public static func configure(from environment: [String: String]) {
        guard let bytes = environment[variable].flatMap(Int.init), bytes >= 0 else { return }
        left.withLock { $0 = bytes }
    }

    /// Takes up to `count` bytes from what is left, and says how many were taken.
    static func take(_ count: Int) -> Int {
        left.withLock { left in
            guard let available = left else { return count }
            let taken = min(available, count)
            left = available - taken
            return taken
        }
    }
}
