#!/usr/bin/env python3
"""JSON work of run.sh: builds the request bodies, checks that tasklens,
PostGraphile 4 and PostGraphile 5 answer with the same rows, reads CPU times
from /proc, reads wrk's output and prints the tables. Standard library only.

  peer.py prepare --out DIR --tasklens URL --token T --peer4 URL --peer5 URL \
          --project-key KEY --project-id ID --project-live N --board-live N \
          --status KEY --status-id ID --assignee USERNAME --assignee-id ID --filtered-live N
  peer.py cpu PID              -> JSON: CPU ticks of PID and its descendants, and of
                                  every `postgres` process by pid and start time
  peer.py wrk FILE             -> requests rps p50_ms p99_ms non2xx socket error_bodies
  peer.py table DIR            -> the Markdown tables of DIR/results.tsv
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

SERVERS = ("tasklens", "pg4", "pg5")
PEERS = ("pg4", "pg5")
NAMES = {"tasklens": "tasklens", "pg4": "PostGraphile 4", "pg5": "PostGraphile 5"}
DEEP = 1000  # rows skipped by the deep pages (b) and (d)
WALK_PAGE = 200  # page size of the cursor walk (tasklens serves at most 200)
PAGE = 50

# The page front ends and agents ask most: a task's number, title, priority,
# due date, last activity, status key and assignee, asked alike of all three.
T_ROWS = (
    "nodes { number title priority dueDate updatedAt status { key } assignee { username } } "
    "pageInfo { hasNextPage endCursor }"
)
# Names in each PostGraphile's schema: the relation fields of a task (named
# after the foreign key in both) and the ordering by primary key (v5's amber
# preset renames the `id` column to `rowId`, `id` being the global Node ID).
PEER_NAMES = {
    "pg4": {"status": "statusByStatusId", "assignee": "userByAssigneeId", "pk_desc": "ID_DESC"},
    "pg5": {"status": "statusByStatusId", "assignee": "userByAssigneeId", "pk_desc": "ROW_ID_DESC"},
}


def p_rows(peer):
    r = PEER_NAMES[peer]
    return (
        f"nodes {{ number title priority dueDate updatedAt {r['status']} {{ key }} {r['assignee']} {{ username }} }} "
        "pageInfo { hasNextPage endCursor }"
    )


def p_order(peer):
    return f"filter: {{deletedAt: {{isNull: true}}}}, orderBy: [UPDATED_AT_DESC, {PEER_NAMES[peer]['pk_desc']}]"


MCP_CALL = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_tasks", "arguments": {}}}
# What `list_tasks` with its defaults asks of the gateway (open tasks of every project, 50 by recent
# activity, the summary fields), sent to /graphql: MCP's own cost is the difference between the two rows.
MCP_FIELDS_DOC = (
    "{ tasks(filter: {done: false}, first: 50) { totalCount edges { cursor node { ref title status { key } "
    "priority assignee { username } dueDate labels { name } updatedAt done } } pageInfo { hasNextPage endCursor } } }"
)


def die(message):
    print(f"peer.py: {message}", file=sys.stderr)
    sys.exit(1)


def gql_string(value):
    return json.dumps(value)  # a JSON string literal is a valid GraphQL string literal


def gql_object(fields):
    return "{" + ", ".join(f"{name}: {gql_string(value)}" for name, value in fields.items()) + "}"


def tasklens_doc(where, count, after=None, first=PAGE):
    """`where`: tasklens's TaskFilter fields (project key, status key, username), or None."""
    args = [f"filter: {gql_object(where)}"] if where else []
    args.append(f"first: {first}")
    if after is not None:
        args.append(f"after: {gql_string(after)}")
    return f"{{ tasks({', '.join(args)}) {{ {'totalCount ' if count else ''}{T_ROWS} }} }}"


def peer_doc(peer, where, count, after=None, first=PAGE):
    """`where`: PostGraphile's condition fields (projectId, statusId, assigneeId), or None."""
    args = [f"condition: {gql_object({k: str(v) for k, v in where.items()})}"] if where else []
    args += [p_order(peer), f"first: {first}"]
    if after is not None:
        args.append(f"after: {gql_string(after)}")
    return f"{{ allTasks({', '.join(args)}) {{ {'totalCount ' if count else ''}{p_rows(peer)} }} }}"


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
    def __init__(self, server, url, headers, field):
        self.server, self.name, self.url, self.headers, self.field = server, NAMES[server], url, headers, field

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
    for n in page["nodes"]:
        rows.append(
            {
                "number": n["number"],
                "title": n["title"],
                "status": (n.get("status") or {}).get("key"),
                "priority": n["priority"].lower(),
                "assignee": (n.get("assignee") or {}).get("username"),
                "due": n.get("dueDate"),
                "updated": instant(n["updatedAt"]),
            }
        )
    return rows


def peer_rows(peer, page):
    r = PEER_NAMES[peer]
    rows = []
    for n in page["nodes"]:
        rows.append(
            {
                "number": n["number"],
                "title": n["title"],
                "status": (n.get(r["status"]) or {}).get("key"),
                "priority": n["priority"].lower(),
                "assignee": (n.get(r["assignee"]) or {}).get("username"),
                "due": n.get("dueDate"),
                "updated": instant(n["updatedAt"]),
            }
        )
    return rows


def rows_of(server, page):
    return tasklens_rows(page) if server == "tasklens" else peer_rows(server, page)


def compare(what, pages, count):
    """Every server's page against tasklens's: counts, hasNextPage, every row."""
    t_page = pages["tasklens"]
    t_rows = tasklens_rows(t_page)
    problems = []
    for peer in PEERS:
        p_page, name = pages[peer], NAMES[peer]
        p_rows = peer_rows(peer, p_page)
        if count and t_page["totalCount"] != p_page["totalCount"]:
            problems.append(f"totalCount: tasklens {t_page['totalCount']}, {name} {p_page['totalCount']}")
        if t_page["pageInfo"]["hasNextPage"] != p_page["pageInfo"]["hasNextPage"]:
            problems.append(f"hasNextPage: tasklens {t_page['pageInfo']['hasNextPage']}, "
                            f"{name} {p_page['pageInfo']['hasNextPage']}")
        if len(t_rows) != len(p_rows):
            problems.append(f"rows: tasklens {len(t_rows)}, {name} {len(p_rows)}")
        for i, (t, p) in enumerate(zip(t_rows, p_rows)):
            if t != p:
                problems.append(f"row {i + 1}:\n      tasklens {t}\n      {name} {p}")
                break
    if problems:
        die(f"the servers disagree on {what}:\n    " + "\n    ".join(problems))
    return t_rows


def walk(client, doc_of, skip):
    """The cursor after the first `skip` rows, and those rows' (number, updated)."""
    after, seen = None, []
    while len(seen) < skip:
        page = client.query(doc_of(min(WALK_PAGE, skip - len(seen)), after))
        rows = rows_of(client.server, page)
        if not rows:
            die(f"{client.name}: the list ends after {len(seen)} rows, before row {skip}")
        seen += [(r["number"], r["updated"]) for r in rows]
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
    clients = {
        "tasklens": Client("tasklens", a.tasklens.rstrip("/") + "/graphql", t_headers, "tasks"),
        "pg4": Client("pg4", a.peer4.rstrip("/") + "/graphql", gql_headers, "allTasks"),
        "pg5": Client("pg5", a.peer5.rstrip("/") + "/graphql", gql_headers, "allTasks"),
    }

    def docs(t_where, p_where, count, after=None):
        """The same page as each server asks for it; `after` holds each server's own cursor."""
        after = after or {}
        out = {"tasklens": tasklens_doc(t_where, count, after.get("tasklens"))}
        for peer in PEERS:
            out[peer] = peer_doc(peer, p_where, count, after.get(peer))
        return out

    project_t, project_p = {"project": key}, {"projectId": pid}
    # The cursor of row 1,000 on each server, walking the same order; the
    # rows walked must agree too.
    cursors, seen = {}, {}
    cursors["tasklens"], seen["tasklens"] = walk(
        clients["tasklens"], lambda n, c: tasklens_doc(project_t, False, c, n), DEEP)
    for peer in PEERS:
        cursors[peer], seen[peer] = walk(
            clients[peer], lambda n, c, peer=peer: peer_doc(peer, project_p, False, c, n), DEEP)
    for peer in PEERS:
        if seen["tasklens"] != seen[peer]:
            i = next(i for i, (x, y) in enumerate(zip(seen["tasklens"], seen[peer])) if x != y)
            die(f"the servers order {key} differently: row {i + 1} is {seen['tasklens'][i]} on tasklens, "
                f"{seen[peer][i]} on {NAMES[peer]}")

    filtered_t = dict(project_t, status=a.status, assignee=a.assignee)
    filtered_p = dict(project_p, statusId=a.status_id, assigneeId=a.assignee_id)
    where = f"{key} (project {pid})"
    requests = [
        # id, label, each server's document, totalCount asked, expected totalCount
        ("first", f"first 50 of {key} + totalCount", docs(project_t, project_p, True), True, a.project_live),
        ("deep", f"rows 1,001–1,050 of {key} + totalCount",
         docs(project_t, project_p, True, cursors), True, a.project_live),
        ("first_nocount", f"first 50 of {key}, no count", docs(project_t, project_p, False), False, None),
        ("deep_nocount", f"rows 1,001–1,050 of {key}, no count",
         docs(project_t, project_p, False, cursors), False, None),
        ("filtered", f"first 50 of {key}, status {a.status} and assignee {a.assignee}, + totalCount",
         docs(filtered_t, filtered_p, True), True, a.filtered_live),
        ("board", "whole board, first 50 + totalCount", docs(None, None, True), True, a.board_live),
    ]
    labels = {}
    for req, label, documents, count, expected in requests:
        pages = {server: clients[server].query(documents[server]) for server in SERVERS}
        rows = compare(f"{label} ({where})", pages, count)
        if len(rows) != PAGE:
            die(f"{label}: {len(rows)} rows, not {PAGE}")
        total = pages["tasklens"].get("totalCount")
        if expected is not None and total != expected:
            die(f"{label}: totalCount {total}, but the database holds {expected} live tasks")
        for server in SERVERS:
            client = clients[server]
            write_request(a.out, req, server, client.url, client.headers, {"query": documents[server]})
        labels[req] = label
        print(f"  same {len(rows)} rows{' and totalCount ' + str(total) if count else ''} on all three: {label}")

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
    same = clients["tasklens"].query(MCP_FIELDS_DOC)
    if [e["node"]["ref"] for e in same["edges"]] != [i["ref"] for i in items]:
        die("MCP list_tasks and /graphql with its fields list different tasks")
    client = clients["tasklens"]
    write_request(a.out, "mcp_fields", "tasklens", client.url, client.headers, {"query": MCP_FIELDS_DOC})
    labels["mcp_fields"] = "/graphql with list_tasks's fields"
    labels["mcp"] = "MCP tools/call list_tasks (defaults)"
    print(f"  MCP list_tasks: {len(items)} tasks, {len(text)} characters of text")

    plan = [("first", 8), ("first", 32), ("deep", 8), ("first_nocount", 8), ("first_nocount", 32),
            ("deep_nocount", 8), ("filtered", 8), ("board", 8), ("mcp_fields", 8), ("mcp", 8)]
    with open(os.path.join(a.out, "rows.tsv"), "w") as f:
        for req, conns in plan:
            f.write(f"{req}\t{conns}\t{labels[req]}\n")


def proc_stat(pid):
    """(utime + stime in clock ticks, start time) of a process, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # from field 3 (state) on; comm may hold spaces
    return int(fields[11]) + int(fields[12]), fields[19]


def descendants(pid):
    out = [pid]
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                children = f.read().split()
        except OSError:
            continue
        for child in children:
            out += descendants(int(child))
    return out


def cpu_snapshot(pid):
    """CPU ticks of a server (with its children) and of each `postgres` process, keyed by pid and
    start time so that a process started later, or a reused pid, counts from zero."""
    gateway = sum(stat[0] for stat in map(proc_stat, descendants(pid)) if stat)
    db = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm") as f:
                if f.read().strip() != "postgres":
                    continue
        except OSError:
            continue
        stat = proc_stat(entry)
        if stat:
            db[f"{entry}:{stat[1]}"] = stat[0]
    return {"clk_tck": os.sysconf("SC_CLK_TCK"), "gateway": gateway, "db": db}


def cpu_ms(before_path, after_path):
    """CPU milliseconds between two snapshots: (gateway, db). A postgres process seen only
    after counts from zero; one gone before the second snapshot is lost."""
    with open(before_path) as f:
        before = json.load(f)
    with open(after_path) as f:
        after = json.load(f)
    tick_ms = 1000.0 / after["clk_tck"]
    gateway = (after["gateway"] - before["gateway"]) * tick_ms
    db = sum(ticks - before["db"].get(proc, 0) for proc, ticks in after["db"].items()) * tick_ms
    return gateway, (db if after["db"] else None)


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


def read_statements(path):
    """(calls, plans, planning ms, execution ms) from pg_stat_statements, or None when not measured."""
    try:
        text = open(path).read().split()
    except FileNotFoundError:
        return None
    return tuple(float(x) for x in text) if len(text) == 4 else None


def statements_table(rows, statements):
    """Per request: statements run, plans made, and their planning and execution time (median over rounds)."""
    if not any(s for runs in statements.values() for _, s in runs):
        print("(Statements and planning per request: pg_stat_statements is not loaded on the server.)")
        print()
        return
    print("| request | conns | " + " | ".join(f"{NAMES[s]} statements / plans / planning ms / execution ms" for s in SERVERS)
          + " |")
    print("| --- | ---: |" + " ---: |" * len(SERVERS))
    for req, conns, label in rows:
        cells = []
        for server in SERVERS:
            runs = [(n, s) for n, s in statements.get((req, conns, server), []) if n and s]
            if not runs:
                cells.append("—")
                continue
            per = [statistics.median(s[i] / n for n, s in runs) for i in range(4)]
            cells.append(f"{per[0]:.2f} / {per[1]:.2f} / {per[2]:.3f} / {per[3]:.3f}")
        print(f"| {label} | {conns} | " + " | ".join(cells) + " |")
    print()
    print("Per request completed, from pg_stat_statements (reset before each run): statements run, plans made "
          "(a statement planned once per connection makes next to none), and the database's time planning and "
          "executing them, in ms (median over rounds).")
    print()


def table(out):
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(out, "rows.tsv")) if line.strip()]
    results, statements = {}, {}
    for line in open(os.path.join(out, "results.tsv")):
        req, conns, server, rnd, path, rss, cpu0, cpu1, stmts = line.rstrip("\n").split("\t")
        results.setdefault((req, conns, server), []).append((parse_wrk(path), int(rss), cpu_ms(cpu0, cpu1), rnd))
        statements.setdefault((req, conns, server), []).append((parse_wrk(path)[0], read_statements(stmts)))

    rate = lambda v: f"{v:,.0f}"  # noqa: E731
    print("| request | conns | " + " | ".join(f"{NAMES[s]} req/s" for s in SERVERS)
          + " | " + " | ".join(f"tasklens / {NAMES[p]}" for p in PEERS)
          + " | " + " | ".join(f"{NAMES[s]} p50 / p99 ms" for s in SERVERS) + " |")
    print("| --- | ---: |" + " ---: |" * (2 * len(SERVERS) + len(PEERS)))
    totals = {s: [0, 0] for s in SERVERS}  # requests, failed
    rss_max = {s: 0 for s in SERVERS}
    cpu_lines = []
    failures = []
    rounds = 0
    medians_by_row = {}  # (request, conns) -> server -> median req/s
    for req, conns, label in rows:
        rates, latencies, cpus = {}, {}, {}
        medians = medians_by_row.setdefault((req, conns), {})
        for server in SERVERS:
            runs = results.get((req, conns, server))
            if not runs:
                rates[server] = latencies[server] = cpus[server] = "—"
                continue
            rounds = max(rounds, len(runs))
            rps = [r[0][1] for r in runs]
            medians[server] = statistics.median(rps)
            p50 = span([r[0][2] for r in runs], fmt_ms)
            p99 = span([r[0][3] for r in runs], fmt_ms)
            failed_here = sum(w[4] + w[5] + w[6] for w, _, _, _ in runs)
            rates[server] = span(rps, rate) + (" †" if failed_here else "")
            latencies[server] = f"{p50} / {p99}"
            # CPU per completed request: the median over rounds of each side.
            gateway = statistics.median(cpu[0] / w[0] for w, _, cpu, _ in runs if w[0])
            dbs = [cpu[1] / w[0] for w, _, cpu, _ in runs if w[0] and cpu[1] is not None]
            db = f"{statistics.median(dbs):.2f}" if dbs else "—"
            cpus[server] = f"{gateway:.2f} + {db}" + (" †" if failed_here else "")
            for (requests, _, _, _, non2xx, socket, bodies), rss, _, rnd in runs:
                failed = non2xx + socket + bodies
                totals[server][0] += requests
                totals[server][1] += failed
                rss_max[server] = max(rss_max[server], rss)
                if failed:
                    failures.append(f"{label} at {conns} ({NAMES[server]}, round {rnd}): {non2xx} non-2xx, "
                                    f"{socket} socket errors, {bodies} error bodies")
        ratios = [f"{medians['tasklens'] / medians[p]:.2f}" if "tasklens" in medians and medians.get(p) else "—"
                  for p in PEERS]
        print(f"| {label} | {conns} | " + " | ".join(rates[s] for s in SERVERS) + " | " + " | ".join(ratios)
              + " | " + " | ".join(latencies[s] for s in SERVERS) + " |")
        cpu_lines.append(f"| {label} | {conns} | " + " | ".join(cpus[s] for s in SERVERS) + " |")
    print()
    print(f"Ranges are min–max over {rounds} round(s); the ratios are of the median req/s over rounds.")
    mcp, fields = (medians_by_row.get((req, "8"), {}).get("tasklens") for req in ("mcp", "mcp_fields"))
    if mcp and fields:
        print(f"MCP list_tasks / /graphql with its fields: {mcp / fields:.2f}.")
    if failures:
        print("† Some of these requests failed (listed below); req/s, latencies and CPU per request count them too.")
    print()
    print("| request | conns | " + " | ".join(f"{NAMES[s]} CPU ms/request (gateway + db)" for s in SERVERS) + " |")
    print("| --- | ---: |" + " ---: |" * len(SERVERS))
    for line in cpu_lines:
        print(line)
    print()
    print("CPU ms/request: user + system time over the requests wrk completed in a run (median over rounds), "
          "of the server process with its children (gateway) and of every `postgres` process (db), "
          "read from /proc before and after each run.")
    print()
    statements_table(rows, statements)
    idle = {}
    for server in SERVERS:
        try:
            idle[server] = int(open(os.path.join(out, f"rss-idle.{server}")).read().strip() or 0)
        except FileNotFoundError:
            idle[server] = 0
    processes = {}
    for server in PEERS:
        try:
            processes[server] = open(os.path.join(out, f"processes.{server}")).read().strip()
        except FileNotFoundError:
            processes[server] = "node"
    mib = lambda kb: f"{kb / 1024:.0f} MiB"  # noqa: E731
    print("Max RSS under load: " + ", ".join(
        f"{NAMES[s]}{f' ({processes[s]})' if s in processes else ''} {mib(rss_max[s])}" for s in SERVERS)
        + " (after start-up, idle: " + ", ".join(mib(idle[s]) for s in SERVERS) + ").")
    print("Failed requests (non-2xx, socket errors, 2xx carrying an error): "
          + ", ".join(f"{NAMES[s]} {totals[s][1]:,} of {totals[s][0]:,}" for s in SERVERS) + ".")
    for line in failures:
        print(f"  {line}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--out", required=True)
    p.add_argument("--tasklens", required=True)
    p.add_argument("--token", required=True)
    p.add_argument("--peer4", required=True)
    p.add_argument("--peer5", required=True)
    p.add_argument("--project-key", required=True)
    p.add_argument("--project-id", required=True)
    p.add_argument("--project-live", type=int, required=True)
    p.add_argument("--board-live", type=int, required=True)
    p.add_argument("--status", required=True, help="status key of the filtered page")
    p.add_argument("--status-id", required=True)
    p.add_argument("--assignee", required=True, help="assignee username of the filtered page")
    p.add_argument("--assignee-id", required=True)
    p.add_argument("--filtered-live", type=int, required=True)
    c = sub.add_parser("cpu")
    c.add_argument("pid", type=int)
    w = sub.add_parser("wrk")
    w.add_argument("file")
    t = sub.add_parser("table")
    t.add_argument("out")
    a = parser.parse_args()
    if a.command == "prepare":
        prepare(a)
    elif a.command == "cpu":
        print(json.dumps(cpu_snapshot(a.pid), separators=(",", ":")))
    elif a.command == "wrk":
        print("\t".join(str(x) for x in parse_wrk(a.file)))
    else:
        table(a.out)


if __name__ == "__main__":
    main()
