#!/usr/bin/env python3
"""Writes a deterministic log of about SIZE_MB megabytes in one of three shapes other than
generate_log.py's, so that a speed-up measured on one generator's log is checked on others
(written separately from generate_log.py, with other wordings and proportions):

- dumps:   NSLog, chatter-heavy: pretty-printed JSON bodies and NSError dumps whose indented
           continuation lines are about a quarter of all lines, some lines of several KB, about
           5% callback lines in ObjC and Swift spellings;
- unified: `log show` default style (time with zone, thread, type, activity, pid, TTL, process
           and sender), CFNetwork's `Task <UUID>.<n>` lines and nsurlsessiond's beside the app's;
- tasks:   NSLog with little chatter and 100,000+ download tasks, each created, resumed, with
           progress, finished and completed, several in flight at once.

Usage: generate_shapes.py SHAPE SIZE_MB OUTPUT [SEED]
"""
import random
import sys
import uuid

IDENTIFIER = "com.example.Transfers.background"
WORDS = ["invoice", "photo", "sync", "album", "upload", "thumb", "ledger", "profile", "report", "asset"]


class Writer:
    def __init__(self, out, rng, shape):
        self.out, self.rng, self.shape = out, rng, shape
        self.written, self.clock, self.pid, self.buffer = 0, 1_773_480_000.0, 2300, []

    def stamp(self, zone=False):
        self.clock += self.rng.uniform(0.0002, 0.01)
        seconds = int(self.clock)
        micros = int((self.clock - seconds) * 1_000_000)
        day = 14 + (seconds - 1_773_480_000) // 86400
        hours, rest = divmod(seconds % 86400, 3600)
        minutes, secs = divmod(rest, 60)
        if zone:
            return f"2026-03-{day:02d} {hours:02d}:{minutes:02d}:{secs:02d}.{micros:06d}+0100"
        return f"2026-03-{day:02d} {hours:02d}:{minutes:02d}:{secs:02d}.{micros // 1000:03d}"

    def line(self, message, thread=0x2a01, process="Transfers", sender=None, extra=()):
        if self.shape == "unified":
            who = f"{process}: ({sender}) " if sender else f"{process}: "
            text = (f"{self.stamp(zone=True)} 0x{thread:x}   Default     0x0                  {self.pid:<6} 0    "
                    f"{who}{message}")
        else:
            text = f"{self.stamp()} {process}[{self.pid}:{thread:x}] {message}"
        self.buffer.append(text)
        self.buffer.extend(extra)
        self.written += len(text) + 1 + sum(len(e) + 1 for e in extra)
        if len(self.buffer) > 4096:
            self.flush()

    def flush(self):
        self.out.write("\n".join(self.buffer) + "\n")
        self.buffer.clear()


def chatter(w, rng):
    kind = rng.random()
    worker = 0x2a01 + rng.randint(8, 40)
    if kind < 0.3:
        w.line(f"[Net] POST https://sync.example.com/api/{rng.choice(WORDS)}/{rng.randint(1, 10**6)} "
               f"status={rng.choice([200, 200, 201, 204, 304, 404])} bytes={rng.randint(80, 90000)}", worker)
    elif kind < 0.5 or w.shape == "tasks":
        w.line(f"<{rng.choice(WORDS).title()}Cell: 0x{rng.getrandbits(40):x}> reuse index={rng.randint(0, 500)}")
    elif kind < 0.75:
        fields = [f'    "{rng.choice(WORDS)}_{i}" : {rng.randint(0, 10**7)},' for i in range(rng.randint(4, 30))]
        w.line("[Store] response body:", worker, extra=["{"] + fields + ['    "done" : true', "}"])
    elif kind < 0.9:
        w.line(f"[Sync] failed: Error Domain=NSURLErrorDomain Code=-1001 \"The request timed out.\" UserInfo={{",
               worker, extra=[f"    NSErrorFailingURLStringKey=https://sync.example.com/{rng.choice(WORDS)},",
                              "    NSLocalizedDescription=The request timed out.,",
                              f"    _kCFStreamErrorCodeKey=-{rng.randint(2000, 2200)}}}"])
    else:
        blob = "".join(rng.choice("abcdef0123456789") for _ in range(rng.randint(1000, 8000)))
        w.line(f"[Crypto] token={blob}", worker)


def transfer(w, rng, task, daemon):
    worker = 0x2a01 + rng.randint(1, 6)
    w.line(f"-[TransferManager enqueue:] downloadTaskWithURL: task {task} in {IDENTIFIER}")
    if w.shape == "unified":
        w.line(f"Task <{uuid.UUID(int=rng.getrandbits(128))}>.<{task}> resuming, timeouts(60.0, 604800.0) qos(0x19)",
               worker, sender="CFNetwork")
    for percent in sorted(rng.sample(range(5, 100), rng.randint(1, 4))):
        w.line(f"URLSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:) task={task} "
               f"{percent * 1000}/100000", worker)
    w.line(f"-[TransferManager URLSession:downloadTask:didFinishDownloadingToURL:] task={task} "
           f"file:///private/var/mobile/Containers/Data/Application/X/tmp/CFNetworkDownload_{task:x}.tmp", worker)
    if daemon and w.shape == "unified":
        w.line(f"Task <{uuid.UUID(int=rng.getrandbits(128))}>.<{task}> for client <private> completed successfully",
               0x91, process="nsurlsessiond")
    w.line(f"-[TransferManager URLSession:task:didCompleteWithError:] task={task} error=(null)", worker)


def wake(w, rng):
    w.pid += rng.randint(3, 90)
    w.line("-[AppDelegate application:didFinishLaunchingWithOptions:] state=background")
    w.line(f"-[AppDelegate application:handleEventsForBackgroundURLSession:completionHandler:] {IDENTIFIER}")
    w.line(f"[TransferManager] recreating background session {IDENTIFIER}")


def main():
    shape, size, out_path = sys.argv[1], int(float(sys.argv[2]) * 1_000_000), sys.argv[3]
    if shape not in ("dumps", "unified", "tasks"):
        raise SystemExit(f"generate_shapes: unknown shape {shape!r} (dumps, unified, tasks)")
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1703)
    task = 0
    with open(out_path, "w", encoding="utf-8", newline="\n") as out:
        w = Writer(out, rng, shape)
        # Chatter lines per transfer: about 5% callback lines in the chatter shapes, a task every
        # few lines in the tasks shape.
        per_transfer = 1 if shape == "tasks" else 60
        while w.written < size:
            if rng.random() < 0.002:
                wake(w, rng)
            for _ in range(rng.randint(per_transfer // 2, per_transfer * 3 // 2 + 1)):
                chatter(w, rng)
            task += 1
            transfer(w, rng, task, daemon=rng.random() < 0.5)
            if rng.random() < 0.01:
                w.line("-[AppDelegate URLSessionDidFinishEventsForBackgroundURLSession:] calling completion handler")
        w.flush()


if __name__ == "__main__":
    main()
