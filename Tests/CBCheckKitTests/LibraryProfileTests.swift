import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics

/// Library profiles (`rules/profiles/*.cbprofile`): a wrapper library's own words, tried for a file
/// only when its first part shows the library, or when `--profile` names it.
@Suite struct LibraryProfileTests {
    private static let wake = [
        "2025-02-21 16:31:10.551208+0100 Runner[4410:1002] Starting/resuming taskId 676dd5b4-6ec4",
        "2025-02-21 16:31:12.551208+0100 Runner[4410:1002] Finished task with id 676dd5b4-6ec4",
    ]

    private static func kinds(
        _ lines: [String], _ choice: ProfileChoice = .detect
    ) throws -> (
        kinds: [String], stats: LineStats
    ) {
        var checker = LogChecker(library: try RuleLibrary.builtIn())
        checker.profileChoice = choice
        var kinds: [String] = []
        let result = try checker.check(
            path: try TestSupport.temporaryFile(lines.joined(separator: "\n") + "\n"),
            onEvent: { event, _ in if !event.kind.isSynthetic { kinds.append("\(event.kind.name)@\(event.line)") } },
            onFinding: { _ in })
        return (kinds, result.stats)
    }

    @Test func everyBuiltInProfileIsNamedForItsFileAndHasANearMissFixture() throws {
        let library = try RuleLibrary.builtIn()
        #expect(library.profiles.map(\.name) == BuiltInRuleFiles.profileNames)
        #expect(library.profiles.count >= 6)
        let fixtures = TestSupport.fixturePaths().filter { $0.hasPrefix("Fixtures/profiles/") }
        for profile in library.profiles {
            #expect(profile.location.file == "rules/profiles/\(profile.name).cbprofile")
            #expect(!profile.about.isEmpty && !profile.detectors.isEmpty)
            let prefix = "Fixtures/profiles/" + profile.name.replacingOccurrences(of: "_", with: "-") + "-"
            #expect(fixtures.contains { $0.hasPrefix(prefix) && $0.hasSuffix("-ok.log") }, "\(profile.name)")
        }
    }

    @Test func aProfileAppliesOnlyToAFileThatShowsItsLibrary() throws {
        // Without a line the library alone prints, its words are an app's own.
        let unshown = try Self.kinds(Self.wake)
        #expect(unshown.kinds == [])
        #expect(unshown.stats.profiles == [])
        let shown = try Self.kinds(["com.bbflight.background_downloader.Downloader"] + Self.wake)
        #expect(shown.kinds == ["task.progress@2", "task.complete@3"])
        #expect(shown.stats.profiles == ["background_downloader"] && !shown.stats.profilesNamed)
    }

    @Test func aFileIsLookedThroughBeyondItsFirstLinesForTheLibrary() throws {
        let chatter = (0..<400).map { "2025-02-21 16:00:00.000000+0100 Runner[4410:1002] [Feed] item \($0) rendered" }
        let late = try Self.kinds(chatter + ["Subsystem: BackgroundDownloader"] + Self.wake)
        #expect(late.stats.profiles == ["background_downloader"])
        #expect(late.kinds == ["task.progress@402", "task.complete@403"])
    }

    @Test func profileNamesOneForEveryFileAndNoneTurnsThemOff() throws {
        let named = try Self.kinds(Self.wake, .only(["background_downloader"]))
        #expect(named.kinds == ["task.progress@1", "task.complete@2"])
        #expect(named.stats.profiles == ["background_downloader"] && named.stats.profilesNamed)
        let none = try Self.kinds(["Subsystem: BackgroundDownloader"] + Self.wake, .only([]))
        #expect(none.kinds == [])
    }

    @Test func aProfilesEntriesComeAfterTheUsersAndBeforeTheBuiltInOnes() throws {
        var library = try RuleLibrary.builtIn()
        let user = try TestSupport.temporaryFile(
            "event task.progress\n  match /Finished task with id/\n", name: "app.cbevents")
        try library.addEvents(at: user)
        let profile = try #require(library.profile(named: "background_downloader"))
        let map = library.eventMap(with: [profile])
        #expect(map.entries.first?.kind.name == "task.progress")
        #expect(map.entries[1].location.file == profile.location.file)
        #expect(map.entries.count == library.eventMap.entries.count + profile.map.entries.count)
    }

    @Test func aProfileWithoutItsHeaderLinesIsAnErrorAtItsLine() throws {
        let noName = #expect(throws: Diagnostic.self) {
            try LibraryProfile(file: "x.cbprofile", text: "detect /x/\nevent task.complete\n  match /y/\n")
        }
        #expect(noName?.message == "a profile must begin with a 'profile NAME' line")
        let noDetect = #expect(throws: Diagnostic.self) {
            try LibraryProfile(file: "x.cbprofile", text: "profile x\nevent task.complete\n  match /y/\n")
        }
        #expect(noDetect?.message == "profile 'x' has no 'detect' line")
        #expect(noDetect?.location == SourceLocation(file: "x.cbprofile", line: 1, column: 1))
        let late = #expect(throws: Diagnostic.self) {
            try LibraryProfile(file: "x.cbprofile", text: "profile x\nevent task.complete\n  match /y/\ndetect /z/\n")
        }
        #expect(late?.message == "'detect' belongs in a library profile's header")
        #expect(late?.hint == "put the profile, about and detect lines before the first event")
        #expect(late?.location == SourceLocation(file: "x.cbprofile", line: 4, column: 1))
    }
}
