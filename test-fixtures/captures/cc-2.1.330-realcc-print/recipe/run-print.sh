#!/usr/bin/env bash
# Like ../shared/realcc/run.sh, but a one-shot `claude -p` run (no tmux, no team).
set -u
HERE=/work/shared/realcc
OUT=$1; SCRIPT=$2
CC_HOME=$HOME/.cache/teamtop-realcc/2.1.330
CLAUDE=$CC_HOME/node_modules/@anthropic-ai/claude-code/bin/claude.exe
KEY=sk-ant-api03-FAKEKEYFAKEKEYFAKEKEY0123456789
rm -rf "$OUT"; mkdir -p "$OUT"/{home,claude,work,log,snap}
OUT=$(cd "$OUT" && pwd)
T0=$(date +%s.%N)
echo "t0=$T0 mode=print script=$SCRIPT" > "$OUT/log/run.info"
cat > "$OUT/claude/.claude.json" <<J
{"hasCompletedOnboarding": true, "lastOnboardingVersion": "2.1.330", "theme": "dark",
 "bypassPermissionsModeAccepted": true,
 "customApiKeyResponses": {"approved": ["${KEY: -20}"], "rejected": []},
 "projects": {"$OUT/work": {"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true, "allowedTools": []}}}
J
echo '{"skipDangerousModePermissionPrompt": true}' > "$OUT/claude/settings.json"
python3 $HERE/fakeapi.py --logdir "$OUT/log" --portfile "$OUT/port" --script "$SCRIPT" > "$OUT/log/server.out" 2>&1 &
SPID=$!
for i in $(seq 100); do [ -s "$OUT/port" ] && break; sleep 0.05; done
PORT=$(cat "$OUT/port")
python3 $HERE/snapshot.py --root "$OUT/claude" --out "$OUT/snap" --interval 0.01 > "$OUT/log/snapshot.out" 2>&1 &
NPID=$!
sleep 0.5
echo "prompt_sent=$(date +%s.%N)" >> "$OUT/log/run.info"
(cd "$OUT/work" && env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=$OUT/home TERM=xterm-256color LANG=C.UTF-8 \
CLAUDE_CONFIG_DIR=$OUT/claude ANTHROPIC_BASE_URL=http://127.0.0.1:$PORT ANTHROPIC_API_KEY=$KEY \
DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_ERROR_REPORTING=1 \
CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 CLAUDE_CODE_ENABLE_TODO_TOOLS=1 IS_SANDBOX=1 \
CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL=1 \
timeout 90 "$CLAUDE" -p "RUN-P-SCRIPT" --dangerously-skip-permissions --debug-file "$OUT/log/claude-debug.txt" > "$OUT/log/claude.out" 2> "$OUT/log/claude.err" < /dev/null)
echo "claude exit=$?" >> "$OUT/log/run.info"
sleep 1
echo "stopped=$(date +%s.%N)" >> "$OUT/log/run.info"
mkdir -p "$OUT/final_before_exit"
for d in teams tasks; do [ -d "$OUT/claude/$d" ] && cp -a "$OUT/claude/$d" "$OUT/final_before_exit/"; done
kill $NPID; for i in $(seq 50); do kill -0 $NPID 2>/dev/null || break; sleep 0.1; done
kill $SPID
python3 $HERE/summarize.py "$OUT" > "$OUT/summary.txt" 2>&1 || true
echo "done: $OUT"
