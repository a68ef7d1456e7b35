#!/usr/bin/env python3
"""Same scenario, other words: does cbcheck give the verdicts of our own wording when the app's
lines are worded as other apps word them?

Each scenario is a sequence of abstract app-side events (the wake, the handler stored, the
session's callbacks, the handler called) on the main or the delegate thread. It is rendered in
our canonical wording (the sample log's), whose verdicts, a set of (rule, verdict), are the
expectation; then measured three ways: each wording in the place of its event with every other
line canonical (agreement per event, and the wordings that changed a verdict); each distractor
(a line naming a callback without it happening) inserted in the middle of each scenario; and
SAMPLES renderings with every line drawn at random and distractors mixed in.

A wordings file is JSON: {"handle_events": [{"text": "…", "source": "…"}, …], …} with the keys of
CANONICAL below and "mention_not_call"; {ID} and {TASK} stand for the identifier and task number.
Keep held-out wordings outside the repository: tuned against, they stop measuring anything.

Usage: wording.py CBCHECK WORDINGS.json [--samples 40] [--seed 2026] [--show 20]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

BG = "com.acme.Downloader.bg"
MAIN, DELEGATE = "1079902", "1079961"

CANONICAL = {
    "did_launch": "application(_:didFinishLaunchingWithOptions:) launchOptions=nil applicationState=2",
    "handle_events": "application(_:handleEventsForBackgroundURLSession:completionHandler:) identifier: {ID}",
    "store_handler": "[AppDelegate] saved completion handler for {ID}",
    "session_create": "[DownloadManager] creating background session {ID}",
    "task_create_resume": "[DownloadManager] created download task {TASK} and resumed it",
    "did_finish_downloading": "urlSession(_:downloadTask:didFinishDownloadingTo:) task={TASK} location=file:///tmp/CFNetworkDownload_{TASK}.tmp",
    "did_complete": "urlSession(_:task:didCompleteWithError:) task={TASK} error=nil status=200",
    "did_complete_error": "urlSession(_:task:didCompleteWithError:) task={TASK} error=Error Domain=NSURLErrorDomain Code=-1001 \"The request timed out.\"",
    "finish_events": "urlSessionDidFinishEvents(forBackgroundURLSession:) {ID}",
    "call_handler": "[DownloadManager] calling completion handler for {ID}",
    "enter_background": "applicationDidEnterBackground(_:)",
}

# (name, steps): each step an abstract event and the thread it runs on.
WAKE = [("did_launch", MAIN), ("handle_events", MAIN), ("store_handler", MAIN), ("session_create", MAIN)]
SCENARIOS = [
    ("handler called after the session's last events",
     WAKE + [("did_finish_downloading", DELEGATE), ("did_complete", DELEGATE), ("finish_events", DELEGATE),
             ("call_handler", MAIN)]),
    ("handler called before didFinishEvents",
     WAKE + [("did_finish_downloading", DELEGATE), ("call_handler", MAIN), ("did_complete", DELEGATE),
             ("finish_events", DELEGATE)]),
    ("handler never called",
     WAKE + [("did_finish_downloading", DELEGATE), ("did_complete", DELEGATE), ("finish_events", DELEGATE)]),
    ("handler called off the main thread",
     WAKE + [("did_finish_downloading", DELEGATE), ("did_complete", DELEGATE), ("finish_events", DELEGATE),
             ("call_handler", DELEGATE)]),
    ("a failed task, then the handler on time",
     WAKE + [("did_complete_error", DELEGATE), ("finish_events", DELEGATE), ("call_handler", MAIN)]),
    ("a foreground download, no wake",
     [("did_launch", MAIN), ("session_create", MAIN), ("task_create_resume", MAIN),
      ("did_finish_downloading", DELEGATE), ("did_complete", DELEGATE), ("enter_background", MAIN)]),
]


def render(steps, wording, rng, distractors):
    """The scenario's log as NSLog lines, and the wordings drawn (event -> text)."""
    lines, drawn = [], {}
    millis = 0
    for index, (event, thread) in enumerate(steps):
        text = wording(event)
        drawn[event] = text
        if distractors and rng.random() < 0.5:
            lines.append((thread, rng.choice(distractors)))
        lines.append((thread, text))
        if index == 1:
            lines.append((MAIN, "[Config] Downloader 2.9 (388), iOS 17.4"))
    out = []
    for thread, text in lines:
        millis += 37
        seconds, ms = divmod(millis, 1000)
        text = text.replace("{ID}", BG).replace("{TASK}", "1")
        out.append(f"2026-03-14 08:31:{47 + seconds:02d}.{ms:03d} Downloader[2388:{thread}] {text}\n")
    return "".join(out), drawn


def verdicts(binary, text):
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as handle:
        handle.write(text)
        path = handle.name
    try:
        result = subprocess.run([binary, "--no-config", "--format", "json", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if result.returncode == 2:
        return {("exit 2", result.stderr.strip()[:80])}
    report = json.loads(result.stdout)
    return {(f["rule"], f["verdict"]) for file in report["files"] for f in file["findings"]}


def one_at_a_time(binary, wordings, expected_by_scenario):
    """Each wording in the place of its event, every other line canonical: agreement by event,
    and the wordings that change a verdict."""
    results = {}
    for name, steps in SCENARIOS:
        for event in sorted({event for event, _ in steps}):
            for text in wordings.get(event, []):
                rendered, _ = render(steps, lambda e, text=text, event=event: text if e == event else CANONICAL[e],
                                     random.Random(0), [])
                same = verdicts(binary, rendered) == expected_by_scenario[name]
                results.setdefault(event, []).append((same, text, name))
    return results


def distractor_check(binary, distractors, expected_by_scenario):
    """Each distractor line in the middle of each scenario (canonical otherwise): the ones that
    change a verdict were read as a call."""
    failing = []
    count = 0
    for name, steps in SCENARIOS:
        middle = len(steps) // 2
        for text in distractors:
            rendered, _ = render(steps[:middle] + [("_distractor", steps[middle][1])] + steps[middle:],
                                 lambda e, text=text: text if e == "_distractor" else CANONICAL[e],
                                 random.Random(0), [])
            count += 1
            if verdicts(binary, rendered) != expected_by_scenario[name]:
                failing.append((text, name))
    return count, failing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("wordings")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--show", type=int, default=20)
    args = parser.parse_args()
    with open(args.wordings) as handle:
        wordings = {key: [entry["text"] for entry in value] for key, value in json.load(handle).items()}
    distractors = wordings.get("mention_not_call", [])
    expected_by_scenario = {}
    for name, steps in SCENARIOS:
        canonical_text, _ = render(steps, CANONICAL.get, random.Random(0), [])
        expected_by_scenario[name] = verdicts(args.binary, canonical_text)
        shown = ", ".join(f"{rule} {verdict}" for rule, verdict in sorted(expected_by_scenario[name])) or "none"
        print(f"scenario: {name} (canonical verdicts: {shown})")
    print("one wording at a time (the rest canonical):")
    total_same = total = 0
    failing = []
    for event, results in sorted(one_at_a_time(args.binary, wordings, expected_by_scenario).items()):
        same = sum(1 for ok, _, _ in results if ok)
        total_same += same
        total += len(results)
        print(f"  {event:<24} {same:>4}/{len(results):<4} ({same / len(results):.2f})")
        failing += [(event, text, name) for ok, text, name in results if not ok]
    print(f"  all events: {total_same}/{total} ({total_same / max(total, 1):.2f})")
    count, wrong = distractor_check(args.binary, distractors, expected_by_scenario)
    print(f"distractors: {count - len(wrong)}/{count} ({(count - len(wrong)) / max(count, 1):.2f}) leave the verdicts alone")
    rng = random.Random(args.seed)
    agreed = 0
    for name, steps in SCENARIOS:
        for _ in range(args.samples):
            text, _ = render(steps, lambda e: rng.choice(wordings.get(e) or [CANONICAL[e]]), rng, distractors)
            agreed += verdicts(args.binary, text) == expected_by_scenario[name]
    renderings = args.samples * len(SCENARIOS)
    print(f"every line drawn at random, distractors mixed in: {agreed}/{renderings} ({agreed / renderings:.2f})")
    seen = set()
    print("wordings that changed a verdict (first scenario each):")
    for event, text, name in failing:
        if (event, text) in seen or len(seen) >= args.show:
            continue
        seen.add((event, text))
        print(f"  {event}: {text}   [{name}]")
    print("distractors read as calls:")
    for text, name in wrong[:args.show]:
        print(f"  {text}   [{name}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
