#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a small input file (a spec) whole, with a message for each way that
/// can fail: missing, a directory, unreadable, too large.
enum InputFile {
    /// Spec files are a few kilobytes; anything past this is a mistake.
    static let limit = 1 << 20

    static func read(_ path: String, limit: Int = InputFile.limit) -> Result<[UInt8], InputFileError> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(InputFileError(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .failure(InputFileError(path: path, reason: String(cString: strerror(errno))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .failure(InputFileError(path: path, reason: "is a directory, not a file"))
        case S_IFREG: break
        default: return .failure(InputFileError(path: path, reason: "not a regular file"))
        }
        guard Int(info.st_size) <= limit else {
            let what = limit == InputFile.limit ? "a spec (at most 1 MiB)" : "typefit (at most \(limit >> 20) MiB)"
            return .failure(InputFileError(path: path, reason: "\(Int(info.st_size)) bytes is too large for \(what)"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                return .failure(
                    InputFileError(
                        path: path, reason: n == 0 ? "shrank while being read" : String(cString: strerror(errno))))
            }
            offset += n
        }
        return .success(bytes)
    }
}

/// Why an input file could not be read.
struct InputFileError: Error {
    var path: String
    var reason: String
    var message: String { "\(path): \(reason)" }
}
