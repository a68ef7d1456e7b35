#!/usr/bin/env python3
"""Writes a deterministic, realistic NSLog run log of about SIZE_MB megabytes.

The mix follows what background-transfer apps really print: mostly chatter (view controllers,
API calls with URLs, JSON bodies, image caches), multi-line NSError and dictionary dumps, and about
5% callback lines (launch, handleEvents, session creation, task creation, progress,
didFinishDownloadingTo, didCompleteWithError, finishEvents, the completion handler) across many
runs, sessions and thousands of tasks. The same size and seed always give the same bytes.

Usage: generate_log.py SIZE_MB OUTPUT [SEED]
"""
import random
import sys

BG = "com.acme.Downloader.bg"


def main():
    size = int(float(sys.argv[1]) * 1_000_000)
    out_path = sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2026)
    written = 0
    clock = 1_710_400_000.0
    pid = 4100
    task = 0
    with open(out_path, "w", encoding="utf-8", newline="\n") as out:
        buffer = []

        def emit(thread, message, continuation=()):
            nonlocal written, clock
            clock += rng.uniform(0.0005, 0.02)
            seconds = int(clock)
            millis = int((clock - seconds) * 1000)
            hours, rest = divmod(seconds % 86400, 3600)
            minutes, secs = divmod(rest, 60)
            day = 14 + (seconds - 1_710_400_000) // 86400
            line = (f"2026-03-{day:02d} {hours:02d}:{minutes:02d}:{secs:02d}.{millis:03d} "
                    f"Downloader[{pid}:{thread}] {message}\n")
            buffer.append(line)
            written += len(line)
            for extra in continuation:
                buffer.append(extra + "\n")
                written += len(extra) + 1
            if len(buffer) > 4096:
                out.write("".join(buffer))
                buffer.clear()

        words = ["episode", "feed", "artwork", "queue", "player", "library", "search", "profile", "cache"]

        def chatter(main):
            kind = rng.random()
            if kind < 0.35:
                path = "/".join(rng.choice(words) for _ in range(rng.randint(1, 3)))
                emit(main + rng.randint(30, 90), f"[API] GET https://api.acme.com/v2/{path}?page={rng.randint(1, 40)}"
                     f"&limit=50 -> 200 ({rng.randint(20, 900)} ms)")
            elif kind < 0.6:
                body = ", ".join(f'"{rng.choice(words)}{i}": {rng.randint(0, 99999)}' for i in range(rng.randint(3, 9)))
                emit(main + rng.randint(30, 90), f"[Store] decoded response {{{body}}}")
            elif kind < 0.8:
                emit(main, f"[{rng.choice(['EpisodeList', 'Player', 'Search'])}ViewController] "
                     f"viewDidLayoutSubviews rows={rng.randint(1, 300)} visible={rng.randint(1, 12)}")
            elif kind < 0.95:
                emit(main + 7, f"[ImageCache] stored artwork/{rng.choice(words)}-{rng.randint(1, 9999)}@3x.png "
                     f"({rng.randint(10, 900)} KB)")
            else:
                emit(main + 9, "[Analytics] flushed batch {", [
                    f'    "{rng.choice(words)}" = {rng.randint(0, 999)};' for _ in range(rng.randint(2, 6))] + ["}"])

        while written < size:
            pid += rng.randint(7, 300)
            main = 1_200_000 + rng.randint(0, 90_000)
            delegate = main + 61
            background_launch = rng.random() < 0.5
            emit(main, "application(_:didFinishLaunchingWithOptions:) launchOptions=nil")
            if background_launch:
                emit(main, f"application(_:handleEventsForBackgroundURLSession:completionHandler:) {BG}")
                emit(main, f"saved completion handler for {BG}")
            emit(main, f'URLSessionConfiguration.background(withIdentifier: "{BG}")')
            if not background_launch:
                emit(main, "applicationDidBecomeActive(_:)")
            tasks = []
            for _ in range(rng.randint(20, 60)):
                task += 1
                tasks.append(task)
                if not background_launch:
                    emit(main, f"[DownloadManager] created download task {task} for episode-{task}")
            for current in tasks:
                for _ in range(rng.randint(2, 6)):
                    for _ in range(rng.randint(8, 30)):
                        chatter(main)
                    emit(delegate, f"urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:) "
                         f"task={current} {rng.randint(1, 60) * 1048576}/{61 * 1048576}")
                if rng.random() < 0.9:
                    emit(delegate, f"urlSession(_:downloadTask:didFinishDownloadingTo:) task={current} location=file:///private/"
                         f"var/mobile/Containers/Data/Application/Caches/CFNetworkDownload_{current:06d}.tmp")
                    emit(delegate, f"moved CFNetworkDownload_{current:06d}.tmp to Documents/episode-{current}.mp3")
                    emit(delegate, f"urlSession(_:task:didCompleteWithError:) task={current} error=nil status=200")
                else:
                    emit(delegate, f"urlSession(_:task:didCompleteWithError:) task={current} error=Error "
                         f'Domain=NSURLErrorDomain Code=-1001 "The request timed out." UserInfo={{', [
                             f"    NSErrorFailingURLKey=https://cdn.acme.com/episodes/{current}.mp3,",
                             "    NSLocalizedDescription=The request timed out.,",
                             "    _kCFStreamErrorCodeKey=-2102}"])
                    emit(delegate, f"recorded episode {current} as failed, will retry")
            if background_launch:
                emit(delegate, f"urlSessionDidFinishEvents(forBackgroundURLSession:) {BG}")
                emit(main, f"calling completion handler for {BG}")
            for _ in range(rng.randint(10, 40)):
                chatter(main)
        out.write("".join(buffer))


if __name__ == "__main__":
    main()
