#!/usr/bin/env python3
"""Writes a deterministic NSLog file with many runs or many open tasks, for the bench's scaling rows.

  generate_many.py runs N OUTPUT        N runs (one pid each): launch, a session, one download task
                                        that finishes and completes; every 50th run's app calls the
                                        handleEvents completion handler off the main thread (CB104)
  generate_many.py open-tasks N OUTPUT  one run that creates and resumes N download tasks that never
                                        complete (the open work cbcheck must hold)
  generate_many.py cancelled N OUTPUT   the same, each task cancelled too: every one still owed its
                                        didCompleteWithError (CB209), none owed nothing
"""
import sys

BG = "com.acme.Downloader.bg"


def stamp(index):
    seconds, millis = divmod(index, 1000)
    minutes, secs = divmod(seconds, 60)
    hours, mins = divmod(minutes, 60)
    return f"2026-03-14 {hours % 24:02d}:{mins:02d}:{secs:02d}.{millis:03d}"


def runs(count, out):
    line = 0
    for run in range(count):
        pid = 1000 + run
        def emit(thread, message):
            nonlocal line
            out.write(f"{stamp(line)} Downloader[{pid}:{thread}] {message}\n")
            line += 1
        emit(1, "application(_:didFinishLaunchingWithOptions:) launchOptions=nil")
        emit(1, f'application(_:handleEventsForBackgroundURLSession:completionHandler:) identifier={BG}')
        emit(1, f'URLSessionConfiguration.background(withIdentifier: "{BG}")')
        emit(2, f"urlSession(_:downloadTask:didFinishDownloadingTo:) task {run % 7 + 1} identifier={BG}")
        emit(2, f"urlSession(_:task:didCompleteWithError:) task {run % 7 + 1} error=nil identifier={BG}")
        emit(2, f"urlSessionDidFinishEvents(forBackgroundURLSession:) identifier={BG}")
        emit(2 if run % 50 == 0 else 1, "calling the background session completion handler")


def tasks_never_completed(count, out, steps):
    """One run whose COUNT download tasks each get the lines `steps` names, and never complete."""
    out.write(f"{stamp(0)} Downloader[4100:1] application(_:didFinishLaunchingWithOptions:) launchOptions=nil\n")
    out.write(f'{stamp(1)} Downloader[4100:1] URLSessionConfiguration.background(withIdentifier: "{BG}")\n')
    for task in range(1, count + 1):
        for step, verb in enumerate(steps):
            out.write(f"{stamp(task * len(steps) + step)} Downloader[4100:1] {verb} task {task} identifier={BG}\n")


def open_tasks(count, out):
    tasks_never_completed(count, out, ["created download", "resumed"])


def cancelled(count, out):
    tasks_never_completed(count, out, ["created download", "resumed", "cancelled"])


def main():
    mode, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        {"runs": runs, "open-tasks": open_tasks, "cancelled": cancelled}[mode](count, out)


if __name__ == "__main__":
    main()
