#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's resident memory, read from `/proc/self/statm` (Linux only).
///
/// The memory case measures how much resident memory grows while it builds many containers.
/// Before the first reading it hands memory the allocator holds free back to the system
/// (glibc's `malloc_trim`), so that the containers cannot hide in memory freed by earlier
/// cases.
enum ResidentMemory {
    /// Where the figure comes from, for the report.
    static let source = "resident set size from /proc/self/statm, after malloc_trim(0)"

    /// Resident bytes: the second field of `/proc/self/statm` times the page size, or `nil`
    /// where there is no `/proc`.
    static func bytes() -> Int? {
        #if os(Linux)
            let descriptor = open("/proc/self/statm", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }

    /// Returns free heap memory to the system, where the allocator can (glibc).
    static func trim() {
        #if os(Linux)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
