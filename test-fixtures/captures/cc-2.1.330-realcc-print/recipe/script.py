"""Fake model for `claude -p`: create two tasks, give them owners, finish."""
import os, re, json

def blocks_of(m):
    c = m.get("content")
    if isinstance(c, str):
        return [{"type": "text", "text": c}]
    return c or []

def done_steps(msgs, who):
    ids = set()
    for m in msgs:
        if m["role"] != "assistant":
            continue
        for b in blocks_of(m):
            if b.get("type") == "tool_use":
                mm = re.match(r"toolu_%s_(\w+?)_\d+$" % who, b.get("id", ""))
                if mm:
                    ids.add(mm.group(1))
    return ids

def tu(step, n, name, inp):
    return {"type": "tool_use", "id": "toolu_p_%s_%d" % (step, n), "name": name, "input": inp}

def respond(req, ctx):
    msgs = req.get("messages", [])
    tools = [t.get("name") for t in req.get("tools", []) or []]
    first = json.dumps(msgs[:1])
    if "RUN-P-SCRIPT" not in first:
        ctx.log("aux request tools=%s" % tools)
        return [{"type": "text", "text": "aux reply"}]
    d = done_steps(msgs, "p")
    ctx.log("p state: done=%s tools=%s" % (sorted(d), tools))
    if "s01" not in d:
        return [tu("s01", 0, "ToolSearch", {"query": "select:TaskCreate,TaskUpdate,TaskList", "max_results": 5})]
    if "s02" not in d:
        return [tu("s02", 0, "TaskCreate", {"subject": "Refactor parser", "description": "Split the parser module", "activeForm": "Refactoring parser"}),
                tu("s02", 1, "TaskCreate", {"subject": "Review parser", "description": "Review the split"})]
    if "s03" not in d:
        return [tu("s03", 0, "TaskUpdate", {"taskId": "1", "owner": "alice", "status": "in_progress"}),
                tu("s03", 1, "TaskUpdate", {"taskId": "2", "owner": "reviewer"})]
    if "s04" not in d:
        return [tu("s04", 0, "TaskUpdate", {"taskId": "1", "status": "completed"})]
    open(os.path.join(ctx.logdir, "DONE"), "w").write("done\n")
    return [{"type": "text", "text": "ALL DONE."}]
