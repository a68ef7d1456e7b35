#!/usr/bin/env python3
"""Writes a log of one app run with TASKS distinct download tasks, each created, written, finished
and completed, to OUT: `cbcheck` must keep its memory flat however many tasks a run has, since
finished tasks' slices are retired. The log is clean: cbcheck finds nothing in it. Usage: many_tasks.py TASKS OUT"""
import sys

tasks, out = int(sys.argv[1]), sys.argv[2]
prefix = "2026-03-15 12:{:02d}:{:02d}.{:03d} Downloader[4655:1324931] "
session = "session=com.acme.Downloader.bg"
with open(out, "w") as log:
    log.write(prefix.format(0, 0, 0) + "application(_:didFinishLaunchingWithOptions:) launchOptions=nil\n")
    log.write(prefix.format(0, 0, 0) + "backgroundSessionConfigurationWithIdentifier: com.acme.Downloader.bg\n")
    for task in range(1, tasks + 1):
        stamp = prefix.format(task // 60000 % 60, task // 1000 % 60, task % 1000)
        log.write(stamp + f"[DownloadManager] downloadTask(with:) episode-{task} {session} -> task={task}\n")
        log.write(stamp + f"urlSession(_:downloadTask:didFinishDownloadingTo:) {session} task={task} "
                  f"location=file:///tmp/CFNetworkDownload_{task}.tmp\n")
        log.write(stamp + f"urlSession(_:task:didCompleteWithError:) {session} task={task} error=nil status=200\n")
