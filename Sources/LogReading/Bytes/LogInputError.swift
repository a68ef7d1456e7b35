/// Why a log could not be read. Messages name the path and say what is wrong, in lower case.
public enum LogInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    case notReadable(path: String, reason: String)
    case readFailed(path: String, reason: String)
    /// A socket or other special file that is not read like a log.
    case notAFile(path: String, kind: String)
    /// The first block is not text (`what` names the format when known); the file is skipped.
    case binary(path: String, what: String)
    /// The input gave more than `LineReader.maximumInputBytes` (`--max-input-size`): an endless
    /// input (`/dev/zero`, a FIFO never closed) or a log larger than the limit.
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .isDirectory(let path): "\(path): is a directory, expected a log file"
        case .notReadable(let path, let reason): "\(path): cannot be opened: \(reason)"
        case .readFailed(let path, let reason): "\(path): read failed: \(reason)"
        case .notAFile(let path, let kind): "\(path): is a \(kind), expected a log file"
        case .binary(let path, let what): "\(path): not a text log: \(what); skipped"
        case .tooLarge(let path, let limit):
            "\(path): stopped after \(InputSize.text(limit)), the --max-input-size limit (an endless input such as "
                + "/dev/zero or a FIFO that is never closed?); the lines before it were checked"
        }
    }
}
