import CBCheckKit
import Diagnostics
import Foundation

/// Paths and process helpers shared by the unit and end-to-end tests.
public enum TestSupport {
    /// The package's root folder, found from this source file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every fixture log under `Fixtures/`, as paths relative to the package root, sorted.
    public static func fixturePaths() -> [String] {
        let root = packageRoot.appendingPathComponent("Fixtures")
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        let prefix = packageRoot.path + "/"
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "log" }
            .map { $0.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "") }.sorted()
    }

    /// Every non-empty line of every fixture and of the sample log, as bytes: the realistic lines
    /// the prefilter tests check their promises on.
    public static func fixtureAndSampleLines() -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for path in fixturePaths() + ["Samples/background-download.log"] {
            let url = packageRoot.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            lines += data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Array($0) }
        }
        return lines
    }

    /// The `cbcheck` binary SwiftPM built beside the test bundle.
    public static var binary: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("cbcheck")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/cbcheck")
    }

    /// What a run of the binary printed and returned.
    public struct Output {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `cbcheck` with `arguments` in `directory` (default: the package root), in the test's
    /// environment without the variables that turn colour on or off, plus `environment`.
    public static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, executable: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var inherited = ProcessInfo.processInfo.environment
        for name in ["FORCE_COLOR", "NO_COLOR", "CLICOLOR_FORCE"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `script` with bash in `directory` (default: the package root), with `$CBCHECK` naming
    /// the binary: for pipes, redirections, signals and special files the tests make themselves.
    /// Standard error is left to the test's own unless the script redirects it.
    public static func shell(_ script: String, in directory: URL? = nil) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory ?? packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["CBCHECK": binary.path]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A new empty folder under the system's temporary folder.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a new temporary file and returns its path.
    public static func temporaryFile(_ text: String, name: String = "log.txt") throws -> String {
        try temporaryFile(Data(text.utf8), name: name)
    }

    public static func temporaryFile(_ data: Data, name: String = "log.txt") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// `path` (relative to the package root, or absolute) compressed with the system's gzip into a
    /// temporary `.log.gz`.
    public static func gzip(_ path: String) throws -> String {
        let output = try temporaryFile(Data(), name: "log.log.gz")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -c \"$0\" > \"$1\"", path, output]
        process.currentDirectoryURL = packageRoot
        try process.run()
        process.waitUntilExit()
        return output
    }

    /// A gzip log cut short: `fixture` (relative to the package root) and 20 000 lines of chatter,
    /// compressed, its last third dropped. Long enough for several deflate blocks, so the cut falls
    /// after the block holding the fixture's lines.
    public static func cutGzipLog(startingWith fixture: String) throws -> String {
        var long = try String(contentsOfFile: packageRoot.appendingPathComponent(fixture).path, encoding: .utf8)
        for index in 0..<20_000 {
            long +=
                "2026-03-14 09:27:00.000 Downloader[4101:1200001] [Cache] evicted artwork-\(index * 7919 % 100_003).png\n"
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: gzip(try temporaryFile(long))))
        bytes.removeLast(bytes.count / 3)
        return try temporaryFile(bytes, name: "cut.log.gz")
    }
}

/// The diagnostic `body` throws, or `nil` when it succeeds: for tests of what a mistake reports.
public func capturedDiagnostic<T>(_ body: () throws(Diagnostic) -> T) -> Diagnostic? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
