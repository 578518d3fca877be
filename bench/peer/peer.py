#!/usr/bin/env python3
"""JSON work of run.sh: builds the request bodies, checks that tasklens and
PostGraphile answer with the same rows, reads wrk's output and prints the
table. Standard library only.

  peer.py prepare --out DIR --tasklens URL --token T --peer URL \
          --project-key KEY --project-id ID --project-live N --board-live N
  peer.py wrk FILE             -> requests rps p50_ms p99_ms non2xx socket error_bodies
  peer.py table DIR            -> the Markdown table of DIR/results.tsv
"""

import argparse
import json
import os
import re
import statistics
import sys
import urllib.error
import urllib.request
from datetime import datetime, timezone

SERVERS = ("tasklens", "peer")
DEEP = 1000  # rows skipped by the deep pages (b) and (d)
WALK_PAGE = 200  # page size of the cursor walk (tasklens serves at most 200)
PAGE = 50

T_ROWS = (
    "edges { node { ref title status { key } priority assignee { username } dueDate labels { name } updatedAt done } } "
    "pageInfo { hasNextPage endCursor }"
)
P_ROWS = (
    "nodes { number projectByProjectId { key } title statusByStatusId { key category } priority "
    "userByAssigneeId { username } dueDate taskLabelsByTaskId { nodes { labelByLabelId { name } } } updatedAt } "
    "pageInfo { hasNextPage endCursor }"
)
P_ORDER = "filter: {deletedAt: {isNull: true}}, orderBy: [UPDATED_AT_DESC, ID_DESC]"
MCP_CALL = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_tasks", "arguments": {}}}


def die(message):
    print(f"peer.py: {message}", file=sys.stderr)
    sys.exit(1)


def gql_string(value):
    return json.dumps(value)  # a JSON string literal is a valid GraphQL string literal


def tasklens_doc(key, count, after=None, first=PAGE):
    args = [] if key is None else [f"filter: {{project: {gql_string(key)}}}"]
    args.append(f"first: {first}")
    if after is not None:
        args.append(f"after: {gql_string(after)}")
    return f"{{ tasks({', '.join(args)}) {{ {'totalCount ' if count else ''}{T_ROWS} }} }}"


def peer_doc(project_id, count, after=None, first=PAGE):
    args = [] if project_id is None else [f"condition: {{projectId: {gql_string(str(project_id))}}}"]
    args += [P_ORDER, f"first: {first}"]
    if after is not None:
        args.append(f"after: {gql_string(after)}")
    return f"{{ allTasks({', '.join(args)}) {{ {'totalCount ' if count else ''}{P_ROWS} }} }}"


def post(url, body, headers):
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            status, text = reply.status, reply.read().decode()
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read().decode(errors="replace")
    if status != 200:
        die(f"{url} answered HTTP {status}: {text[:500]}")
    return json.loads(text)


class Client:
    def __init__(self, name, url, headers, field):
        self.name, self.url, self.headers, self.field = name, url, headers, field

    def query(self, doc):
        reply = post(self.url, {"query": doc}, self.headers)
        if reply.get("errors"):
            die(f"{self.name} refused the query\n  {doc}\n  {json.dumps(reply['errors'])[:1000]}")
        return reply["data"][self.field]


def instant(text):
    """Either server's timestamp as UTC microseconds (formats differ in `Z`, offset, fractions)."""
    if text is None:
        return None
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return round(moment.timestamp() * 1_000_000)


def tasklens_rows(page):
    rows = []
    for edge in page["edges"]:
        n = edge["node"]
        rows.append(
            {
                "ref": n["ref"],
                "title": n["title"],
                "status": (n.get("status") or {}).get("key"),
                "done": n.get("done"),
                "priority": n["priority"].lower() if "priority" in n else None,
                "assignee": (n.get("assignee") or {}).get("username"),
                "due": n.get("dueDate"),
                "labels": sorted(label["name"] for label in n.get("labels", [])),
                "updated": instant(n["updatedAt"]),
            }
        )
    return rows


def peer_rows(page):
    rows = []
    for n in page["nodes"]:
        status = n.get("statusByStatusId") or {}
        labels = (n.get("taskLabelsByTaskId") or {}).get("nodes", [])
        rows.append(
            {
                "ref": f"{n['projectByProjectId']['key']}-{n['number']}",
                "title": n["title"],
                "status": status.get("key"),
                "done": status.get("category") in ("done", "canceled") if "category" in status else None,
                "priority": n["priority"].lower() if "priority" in n else None,
                "assignee": (n.get("userByAssigneeId") or {}).get("username"),
                "due": n.get("dueDate"),
                "labels": sorted(link["labelByLabelId"]["name"] for link in labels),
                "updated": instant(n["updatedAt"]),
            }
        )
    return rows


def compare(what, t_page, p_page, count):
    t_rows, p_rows = tasklens_rows(t_page), peer_rows(p_page)
    problems = []
    if count and t_page["totalCount"] != p_page["totalCount"]:
        problems.append(f"totalCount: tasklens {t_page['totalCount']}, PostGraphile {p_page['totalCount']}")
    if t_page["pageInfo"]["hasNextPage"] != p_page["pageInfo"]["hasNextPage"]:
        problems.append("hasNextPage differs")
    if len(t_rows) != len(p_rows):
        problems.append(f"rows: tasklens {len(t_rows)}, PostGraphile {len(p_rows)}")
    for i, (t, p) in enumerate(zip(t_rows, p_rows)):
        if t != p:
            problems.append(f"row {i + 1}:\n      tasklens     {t}\n      PostGraphile {p}")
            break
    if problems:
        die(f"the servers disagree on {what}:\n    " + "\n    ".join(problems))
    return t_rows


def walk(client, doc_of, rows_of, skip):
    """The cursor after the first `skip` rows, and those rows' (ref, updated)."""
    after, seen = None, []
    while len(seen) < skip:
        page = client.query(doc_of(min(WALK_PAGE, skip - len(seen)), after))
        rows = rows_of(page)
        if not rows:
            die(f"{client.name}: the list ends after {len(seen)} rows, before row {skip}")
        seen += [(r["ref"], r["updated"]) for r in rows]
        after = page["pageInfo"]["endCursor"]
    return after, seen


def write_request(out, req, server, url, headers, body):
    folder = os.path.join(out, "requests", req, server)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "body.json"), "w") as f:
        json.dump(body, f, separators=(",", ":"))
    with open(os.path.join(folder, "headers.txt"), "w") as f:
        f.writelines(f"{name}: {value}\n" for name, value in headers.items())
    with open(os.path.join(folder, "url"), "w") as f:
        f.write(url + "\n")


def prepare(a):
    key, pid = a.project_key, a.project_id
    gql_headers = {"Content-Type": "application/json", "Accept": "application/json"}
    t_headers = dict(gql_headers, Authorization=f"Bearer {a.token}")
    t = Client("tasklens", a.tasklens.rstrip("/") + "/graphql", t_headers, "tasks")
    p = Client("PostGraphile", a.peer.rstrip("/") + "/graphql", gql_headers, "allTasks")

    # The cursor of row 1,000 on each server, walking the same order; the
    # rows walked must agree too.
    t_after, t_seen = walk(t, lambda n, c: tasklens_doc(key, False, c, n), tasklens_rows, DEEP)
    p_after, p_seen = walk(p, lambda n, c: peer_doc(pid, False, c, n), peer_rows, DEEP)
    if t_seen != p_seen:
        i = next(i for i, (x, y) in enumerate(zip(t_seen, p_seen)) if x != y)
        die(f"the servers order {key} differently: row {i + 1} is {t_seen[i]} on tasklens, {p_seen[i]} on PostGraphile")

    where = f"{key} (project {pid})"
    requests = [
        # id, label, tasklens document, PostGraphile document, totalCount asked, expected totalCount
        ("first", f"first 50 of {key} + totalCount", tasklens_doc(key, True), peer_doc(pid, True), True, a.project_live),
        ("deep", f"rows 1,001–1,050 of {key} + totalCount",
         tasklens_doc(key, True, t_after), peer_doc(pid, True, p_after), True, a.project_live),
        ("first_nocount", f"first 50 of {key}, no count", tasklens_doc(key, False), peer_doc(pid, False), False, None),
        ("deep_nocount", f"rows 1,001–1,050 of {key}, no count",
         tasklens_doc(key, False, t_after), peer_doc(pid, False, p_after), False, None),
        ("board", "whole board, first 50 + totalCount", tasklens_doc(None, True), peer_doc(None, True), True, a.board_live),
    ]
    labels = {}
    for req, label, t_doc, p_doc, count, expected in requests:
        t_page, p_page = t.query(t_doc), p.query(p_doc)
        rows = compare(f"{label} ({where})", t_page, p_page, count)
        if len(rows) != PAGE:
            die(f"{label}: {len(rows)} rows, not {PAGE}")
        if expected is not None and t_page["totalCount"] != expected:
            die(f"{label}: totalCount {t_page['totalCount']}, but the database holds {expected} live tasks")
        write_request(a.out, req, "tasklens", t.url, t_headers, {"query": t_doc})
        write_request(a.out, req, "peer", p.url, gql_headers, {"query": p_doc})
        labels[req] = label
        print(f"  same {len(rows)} rows{' and totalCount ' + str(t_page['totalCount']) if count else ''}: {label}")

    # MCP: stateless streamable HTTP; a POST must accept both JSON and SSE.
    mcp_url = a.tasklens.rstrip("/") + "/mcp"
    mcp_headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "Authorization": f"Bearer {a.token}",
    }
    reply = post(mcp_url, MCP_CALL, mcp_headers)
    result = reply.get("result") or die(f"MCP tools/call failed: {json.dumps(reply)[:500]}")
    if result.get("isError"):
        die(f"MCP list_tasks answered with an error: {json.dumps(result)[:500]}")
    text = result["content"][0]["text"]
    items = json.loads(text).get("items", [])
    write_request(a.out, "mcp", "tasklens", mcp_url, mcp_headers, MCP_CALL)
    labels["mcp"] = "MCP tools/call list_tasks (defaults)"
    print(f"  MCP list_tasks: {len(items)} tasks, {len(text)} characters of text")

    plan = [("first", 8), ("first", 32), ("deep", 8), ("first_nocount", 8), ("first_nocount", 32),
            ("deep_nocount", 8), ("board", 8), ("mcp", 8)]
    with open(os.path.join(a.out, "rows.tsv"), "w") as f:
        for req, conns in plan:
            f.write(f"{req}\t{conns}\t{labels[req]}\n")


UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


def duration_ms(text):
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text)
    if not m:
        die(f"unreadable wrk duration {text!r}")
    return float(m.group(1)) * UNIT_MS[m.group(2)]


def parse_wrk(path):
    with open(path) as f:
        text = f.read()

    def grab(pattern, default=None):
        m = re.search(pattern, text, re.M)
        if m:
            return m.group(1)
        if default is None:
            die(f"{path}: no match for {pattern!r} in wrk's output")
        return default

    requests = int(grab(r"^\s*(\d+) requests in "))
    rps = float(grab(r"^Requests/sec:\s*([\d.]+)"))
    p50 = duration_ms(grab(r"^\s*50(?:\.0+)?%\s+(\S+)"))
    p99 = duration_ms(grab(r"^\s*99(?:\.0+)?%\s+(\S+)"))
    non2xx = int(grab(r"^\s*Non-2xx or 3xx responses:\s*(\d+)", "0"))
    sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    socket = sum(int(x) for x in sock.groups()) if sock else 0
    bodies = int(grab(r"^Error bodies:\s*(\d+)"))
    return requests, rps, p50, p99, non2xx, socket, bodies


def fmt_ms(v):
    return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 100 else f"{v:.0f}"


def span(values, fmt):
    lo, hi = min(values), max(values)
    return fmt(lo) if fmt(lo) == fmt(hi) else f"{fmt(lo)}–{fmt(hi)}"


def table(out):
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(out, "rows.tsv")) if line.strip()]
    results = {}
    for line in open(os.path.join(out, "results.tsv")):
        req, conns, server, rnd, path, rss = line.rstrip("\n").split("\t")
        results.setdefault((req, conns, server), []).append((parse_wrk(path), int(rss)))

    rate = lambda v: f"{v:,.0f}"  # noqa: E731
    print("| request | conns | tasklens req/s | PostGraphile req/s | tasklens / PostGraphile "
          "| tasklens p50/p99 ms | PostGraphile p50/p99 ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    totals = {s: [0, 0] for s in SERVERS}  # requests, failed
    rss_max = {s: 0 for s in SERVERS}
    failures = []
    rounds = 0
    for req, conns, label in rows:
        cells = {}
        medians = {}
        for server in SERVERS:
            runs = results.get((req, conns, server))
            if not runs:
                cells[server] = ("—", "—")
                continue
            rounds = max(rounds, len(runs))
            rps = [r[0][1] for r in runs]
            medians[server] = statistics.median(rps)
            p50 = span([r[0][2] for r in runs], fmt_ms)
            p99 = span([r[0][3] for r in runs], fmt_ms)
            cells[server] = (span(rps, rate), f"{p50} / {p99}")
            for (requests, _, _, _, non2xx, socket, bodies), rss in runs:
                failed = non2xx + socket + bodies
                totals[server][0] += requests
                totals[server][1] += failed
                rss_max[server] = max(rss_max[server], rss)
                if failed:
                    failures.append(f"{label} at {conns} ({server}): {non2xx} non-2xx, {socket} socket errors, "
                                    f"{bodies} error bodies")
        ratio = f"{medians['tasklens'] / medians['peer']:.2f}" if len(medians) == 2 and medians["peer"] else "—"
        print(f"| {label} | {conns} | {cells['tasklens'][0]} | {cells['peer'][0]} | {ratio} "
              f"| {cells['tasklens'][1]} | {cells['peer'][1]} |")
    print()
    print(f"Ranges are min–max over {rounds} round(s); the ratio is of the median req/s over rounds.")
    idle = {}
    for server in SERVERS:
        try:
            idle[server] = int(open(os.path.join(out, f"rss-idle.{server}")).read().strip() or 0)
        except FileNotFoundError:
            idle[server] = 0
    try:
        processes = open(os.path.join(out, "peer-processes")).read().strip()
    except FileNotFoundError:
        processes = "node"
    mib = lambda kb: f"{kb / 1024:.0f} MiB"  # noqa: E731
    print(f"Max RSS under load: tasklens {mib(rss_max['tasklens'])}, PostGraphile ({processes}) {mib(rss_max['peer'])} "
          f"(after start-up, idle: {mib(idle['tasklens'])} and {mib(idle['peer'])}).")
    print(f"Failed requests (non-2xx, socket errors, 2xx carrying an error): "
          f"tasklens {totals['tasklens'][1]:,} of {totals['tasklens'][0]:,}, "
          f"PostGraphile {totals['peer'][1]:,} of {totals['peer'][0]:,}.")
    for line in failures:
        print(f"  {line}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--out", required=True)
    p.add_argument("--tasklens", required=True)
    p.add_argument("--token", required=True)
    p.add_argument("--peer", required=True)
    p.add_argument("--project-key", required=True)
    p.add_argument("--project-id", required=True)
    p.add_argument("--project-live", type=int, required=True)
    p.add_argument("--board-live", type=int, required=True)
    w = sub.add_parser("wrk")
    w.add_argument("file")
    t = sub.add_parser("table")
    t.add_argument("out")
    a = parser.parse_args()
    if a.command == "prepare":
        prepare(a)
    elif a.command == "wrk":
        print("\t".join(str(x) for x in parse_wrk(a.file)))
    else:
        table(a.out)


if __name__ == "__main__":
    main()
