#!/usr/bin/env python3
"""The real-log corpus (Corpus/README.md): run cbcheck on every excerpt and compare its findings
with the judgments written by reading the excerpts before cbcheck was run.

  corpus.py score CBCHECK [--floors Corpus/floors]   precision, recall, every disagreement;
                                                      exit 1 below a floor
  corpus.py score CBCHECK --excerpts DIR             the same on another folder of excerpts (a held-out
                                                      set kept outside the repository)
  corpus.py provenance                                writes Corpus/PROVENANCE.md from the judgments

A flag `flag LINE RULE reason` is matched by a violated or pending finding of RULE (any rule for
`*`) at LINE or one line off (a wrapped record). Precision counts findings on flagged excerpts and
clean ones; a finding on a clean excerpt is a false alarm. A `not-checkable` excerpt is judged on
honesty: cbcheck must not report a violation it cannot prove (its findings count as false alarms
unless they match a flag), and its output must not read as a clean log (it must say what was not
checked, or that nothing was).
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Corpus")
EXCERPTS = os.path.join(CORPUS, "excerpts")


def judgments():
    """Every excerpt's judgment, by name, in name order."""
    found = {}
    for name in sorted(os.listdir(EXCERPTS)):
        if not name.endswith(".judgment"):
            continue
        stem = name[: -len(".judgment")]
        fields, flags, unchecked = {}, [], []
        with open(os.path.join(EXCERPTS, name), encoding="utf-8") as handle:
            for number, raw in enumerate(handle, 1):
                line = raw.rstrip("\n")
                if not line.strip():
                    continue
                if line.startswith("flag "):
                    parts = line.split(None, 3)
                    if len(parts) < 3 or not parts[1].isdigit():
                        sys.exit(f"{name}:{number}: error: a flag is 'flag LINE RULE reason'")
                    flags.append((int(parts[1]), parts[2], parts[3] if len(parts) > 3 else ""))
                elif line.startswith("unchecked "):
                    unchecked.append(line[len("unchecked "):])
                elif ":" in line:
                    key, value = line.split(":", 1)
                    fields[key.strip()] = value.strip()
                else:
                    sys.exit(f"{name}:{number}: error: unknown judgment line: {line}")
        verdict = fields.get("verdict")
        if verdict not in ("flagged", "clean", "not-checkable"):
            sys.exit(f"{name}: error: verdict must be flagged, clean or not-checkable, not {verdict!r}")
        if verdict == "flagged" and not flags:
            sys.exit(f"{name}: error: a flagged excerpt needs at least one flag line")
        if not fields.get("source"):
            sys.exit(f"{name}: error: no source: line")
        log = os.path.join(EXCERPTS, stem + ".log")
        if not os.path.exists(log):
            sys.exit(f"{name}: error: no {stem}.log beside it")
        found[stem] = {"fields": fields, "flags": flags, "unchecked": unchecked, "log": log}
    return found


def run(cbcheck, log):
    """cbcheck's JSON report and exit status for one excerpt."""
    result = subprocess.run(
        [cbcheck, "--no-config", "--format", "json", "--fail-on", "never", log],
        capture_output=True, text=True, errors="replace")
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        return None, result.returncode, result.stderr
    return report, result.returncode, result.stderr


def score(cbcheck, floors_path):
    excerpts = judgments()
    matched_flags = flags_total = 0
    true_findings = false_findings = 0
    honest = not_checkable = 0
    crashes = []
    lines = []
    for stem, judgment in excerpts.items():
        report, status, stderr = run(cbcheck, judgment["log"])
        if report is None or status == 2:
            crashes.append(f"{stem}: exit {status}: {stderr.strip().splitlines()[-1] if stderr.strip() else ''}")
            continue
        file = report["files"][0]
        findings = [f for f in file["findings"] if f["verdict"] in ("violated", "pending")]
        verdict = judgment["fields"]["verdict"]
        used = set()
        for line, rule, reason in judgment["flags"]:
            flags_total += 1
            hit = next((i for i, f in enumerate(findings)
                        if i not in used and abs(f["line"] - line) <= 1 and (rule == "*" or f["rule"] == rule)), None)
            if hit is None:
                lines.append(f"  miss   {stem}.log:{line}: {rule} {reason}")
            else:
                used.add(hit)
                matched_flags += 1
        for index, finding in enumerate(findings):
            if index in used:
                true_findings += 1
                continue
            # A second finding on a flagged line (another rule's reading of the same problem) is
            # neither right nor wrong: not counted.
            if any(abs(finding["line"] - line) <= 1 for line, _, _ in judgment["flags"]):
                continue
            false_findings += 1
            lines.append(f"  false  {stem}.log:{finding['line']}: {finding['rule']} ({finding['verdict']}) "
                         f"{finding.get('message', '')}")
        if verdict == "not-checkable":
            not_checkable += 1
            says_so = file.get("noCallbackEvents", False) or bool(file.get("notChecked"))
            if says_so and not any(i not in used for i in range(len(findings))):
                honest += 1
            else:
                lines.append(f"  blind  {stem}.log: not checkable, but cbcheck "
                             + ("reported findings it cannot prove" if findings else "did not say what was not checked"))
    reported = true_findings + false_findings
    precision = true_findings / reported if reported else 1.0
    recall = matched_flags / flags_total if flags_total else 1.0
    honesty = honest / not_checkable if not_checkable else 1.0
    print(f"corpus: {len(excerpts)} excerpts, {flags_total} flags, {reported} findings counted")
    print(f"  precision {precision:.2f} ({true_findings} of {reported} findings match a flag)")
    print(f"  recall    {recall:.2f} ({matched_flags} of {flags_total} flags found)")
    print(f"  honesty   {honesty:.2f} ({honest} of {not_checkable} not-checkable excerpts said so, with no finding)")
    print(f"  exit 2    {len(crashes)}")
    for line in crashes:
        print(f"  error  {line}")
    for line in lines:
        print(line)
    floors = {}
    if floors_path and os.path.exists(floors_path):
        with open(floors_path, encoding="utf-8") as handle:
            for raw in handle:
                raw = raw.split("#", 1)[0].strip()
                if raw:
                    key, value = raw.split()
                    floors[key] = float(value)
    failed = [f"{key} {value:.2f} is below its floor {floors[key]:.2f}"
              for key, value in (("precision", precision), ("recall", recall), ("honesty", honesty))
              if key in floors and value + 1e-9 < floors[key]]
    if crashes:
        failed.append(f"{len(crashes)} excerpts ended with exit status 2")
    for line in failed:
        print(f"corpus: error: {line}")
    return 1 if failed else 0


def provenance():
    excerpts = judgments()
    out = ["# Provenance of the corpus excerpts", "",
           "Every excerpt under `excerpts/` was copied verbatim from the public address beside it; made",
           "from the judgments by `python3 Scripts/corpus/corpus.py provenance`.", "",
           "| excerpt | source | licence |", "|---|---|---|"]
    for stem, judgment in excerpts.items():
        fields = judgment["fields"]
        out.append(f"| `{stem}.log` | {fields['source']} | {fields.get('licence', '')} |")
    with open(os.path.join(CORPUS, "PROVENANCE.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    print(f"corpus: PROVENANCE.md lists {len(excerpts)} excerpts")
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "provenance":
        return provenance()
    if len(argv) >= 3 and argv[1] == "score":
        floors = argv[argv.index("--floors") + 1] if "--floors" in argv else None
        if "--excerpts" in argv:
            global EXCERPTS
            EXCERPTS = os.path.abspath(argv[argv.index("--excerpts") + 1])
        return score(argv[2], floors)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
