// A fake Anthropic Messages API on 127.0.0.1 for the real Claude Code: every
// model call is answered by a scenario's script (see script-kit.mjs), as SSE
// when the client streams, else as JSON. Nothing leaves the machine.
//
// Run as a child process (fork): node fake-api.mjs <scenario module> <log dir> <work dir>.
// It says { port } once it listens, { done } when the script says the run is
// over and { mark } when it names a moment (turn.mark: the run's `during` waits
// on it). log/requests.jsonl gets one line per call (who, what was answered,
// never the request body: it holds Claude Code's own prompts); log/script.log is
// the script's own log; log/ledger.jsonl is what each member was given (see
// Ledger). With CONFORMANCE_BODIES=1 each request's body also goes to
// log/bodies/<seq>.json, to look at what the client sends (never to be kept).
//
// A reply (the blocks a script returns) may begin with control blocks, as
// ../shared/realcc/fakeapi.py takes them (see controlsOf):
//   { type: '_delay', seconds }   answer that much later
//   { type: '_error', status, error_type, message, headers }   answer that HTTP error instead
//   { type: '_usage', input_tokens, output_tokens, cache_read_input_tokens, … }   report that usage
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { monoMs } from '../harness/stats.mjs';
import { respond } from './script-kit.mjs';

/**
 * The usage of the `seq`-th response: every figure differs from response to
 * response, and cache reads and writes are not zero, so a sum that counts a
 * response twice, misses one or mixes two fields up does not come out right.
 */
function usageOf(seq) {
  return {
    input_tokens: 50 + ((seq * 37) % 400),
    output_tokens: 5 + ((seq * 13) % 90),
    cache_creation_input_tokens: seq % 4 === 0 ? 0 : (seq * 53) % 700,
    cache_read_input_tokens: (seq * 101) % 3000,
    service_tier: 'standard',
  };
}
const hex = (bytes) => randomBytes(bytes).toString('hex');

/**
 * log/ledger.jsonl, what the conformance check holds teamtop to (work.mjs):
 * one line per response, `{ seq, at, who, id, usage, tools }` (`who`: the
 * member it answered, `lead` or a teammate's name, null for a side call;
 * `at`: when it was sent, monoMs(); `tools`: each tool_use, `{ id, name }`;
 * `subagentOf`: the member whose own subagent it answered, `who` then names
 * the subagent), one per HTTP error answered instead, `{ seq, at, who, error }`
 * (the status), and one per tool result the client sent back, `{ result, at }`
 * (the first request that carried it: the call had ended by then).
 */
class Ledger {
  constructor(logDir) {
    this.file = join(logDir, 'ledger.jsonl');
    /** Tool use ids given out whose result has not come back yet. */
    this.open = new Set();
  }

  write(line) {
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  /** The tool results in a request's history that are new. */
  results(body) {
    const at = monoMs();
    for (const message of body.messages ?? []) {
      if (message.role !== 'user' || !Array.isArray(message.content)) continue;
      for (const block of message.content) {
        if (block?.type !== 'tool_result' || !this.open.delete(block.tool_use_id)) continue;
        this.write({ result: block.tool_use_id, at });
      }
    }
  }

  error(seq, who, status) {
    this.write({ seq, at: monoMs(), who, error: status });
  }

  response(seq, who, message, subagentOf) {
    const tools = message.content.filter((block) => block.type === 'tool_use').map(({ id, name }) => ({ id, name }));
    for (const { id } of tools) this.open.add(id);
    const {
      input_tokens: input,
      output_tokens: output,
      cache_read_input_tokens: cacheRead,
      cache_creation_input_tokens: cacheCreation,
    } = message.usage;
    this.write({
      seq,
      at: monoMs(),
      who,
      ...(subagentOf ? { subagentOf } : {}),
      id: message.id,
      usage: { input, output, cacheRead, cacheCreation },
      tools,
    });
  }
}

/**
 * The control blocks a reply begins with, and the blocks of the answer after
 * them: `delayMs` (from `_delay`, or the blocks' own `delayMs`, turn.after),
 * `error` (from `_error`: { status, type, message, headers }) and `usage`
 * (from `_usage`: the fields it gives, over the usage of its seq).
 */
export function controlsOf(blocks) {
  const controls = { delayMs: blocks.delayMs ?? 0, error: undefined, usage: undefined };
  let at = 0;
  for (; at < blocks.length; at++) {
    const { type, ...fields } = blocks[at] ?? {};
    if (type === '_delay') controls.delayMs = Math.round(Number(fields.seconds) * 1000);
    else if (type === '_error')
      controls.error = {
        status: Number(fields.status),
        type: fields.error_type ?? 'api_error',
        message: fields.message ?? 'fake error',
        headers: fields.headers ?? {},
      };
    else if (type === '_usage') controls.usage = fields;
    else break;
  }
  return { controls, blocks: blocks.slice(at) };
}

/** Tool uses get an id unless the script chose one (its ids are how it knows which steps are done). */
function contentOf(blocks) {
  return blocks.map((block) => (block.type === 'tool_use' ? { id: `toolu_${hex(12)}`, input: {}, ...block } : block));
}

function sendJson(response, status, body, headers = {}) {
  const data = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(data),
    'request-id': `req_fake_${hex(8)}`,
  });
  response.end(data);
}

/** The message as the streaming API sends it: start, each block in deltas, stop. */
function sendStream(response, message) {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'close',
    'request-id': `req_fake_${hex(8)}`,
  });
  const event = (type, data) => response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } } });
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (let i = 0; i < Math.max(block.text.length, 1); i += 200) {
        event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text.slice(i, i + 200) } });
      }
    } else {
      event('content_block_start', { index, content_block: { ...block, input: {} } });
      const json = JSON.stringify(block.input);
      for (let i = 0; i < json.length; i += 120)
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 120) } });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  });
  event('message_stop', {});
  response.end();
}

async function startFakeApi({ scenario, logDir, workDir, onDone, onMark = () => undefined }) {
  const started = Date.now();
  const log = (text) => appendFileSync(join(logDir, 'script.log'), `${((Date.now() - started) / 1000).toFixed(3)} ${text}\n`);
  let seq = 0;
  /** How many calls of each member were answered with an error (turn.failures()). */
  const failed = new Map();
  const ledger = new Ledger(logDir);
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0];
      if (request.method === 'GET' && path.startsWith('/v1/models'))
        return sendJson(response, 200, { data: [], has_more: false, first_id: null, last_id: null });
      if (request.method === 'HEAD') return response.writeHead(200, { 'content-length': 0 }).end();
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        // An empty answer below.
      }
      if (path.endsWith('/v1/messages/count_tokens'))
        return sendJson(response, 200, { input_tokens: Math.floor(JSON.stringify(body).length / 4) });
      if (!path.endsWith('/v1/messages'))
        return sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: `fake: no such path ${path}` } });
      ledger.results(body);
      seq += 1;
      if (process.env.CONFORMANCE_BODIES === '1') {
        mkdirSync(join(logDir, 'bodies'), { recursive: true });
        writeFileSync(join(logDir, 'bodies', `${String(seq).padStart(4, '0')}.json`), JSON.stringify({ headers: request.headers, body }));
      }
      let script;
      try {
        const failures = (who) => failed.get(who) ?? 0;
        script = respond(scenario, body, request.headers, { log, done: onDone, mark: onMark, failures, workDir });
      } catch (error) {
        log(`SCRIPT ERROR ${error.stack}`);
        script = [{ type: 'text', text: 'script error' }];
      }
      const { controls, blocks } = controlsOf(script);
      const who = script.who ?? null;
      const agent = request.headers['x-claude-code-agent-id'] ?? null;
      const line = { seq, t: Date.now() / 1000, agent, who, model: body.model, stream: Boolean(body.stream) };
      const { error } = controls;
      if (error) {
        failed.set(who, (failed.get(who) ?? 0) + 1);
        appendFileSync(join(logDir, 'requests.jsonl'), `${JSON.stringify({ ...line, error: error.status })}\n`);
        const answerError = () => {
          sendJson(response, error.status, { type: 'error', error: { type: error.type, message: error.message } }, error.headers);
          ledger.error(seq, who, error.status);
        };
        setTimeout(answerError, controls.delayMs);
        return;
      }
      const content = contentOf(blocks);
      const stopReason = content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
      appendFileSync(join(logDir, 'requests.jsonl'), `${JSON.stringify({ ...line, reply: content })}\n`);
      const message = {
        id: `msg_fake_${String(seq).padStart(4, '0')}_${randomUUID().slice(0, 8)}`,
        type: 'message',
        role: 'assistant',
        model: body.model ?? 'claude-fake',
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { ...usageOf(seq), ...controls.usage },
      };
      const send = () => {
        if (body.stream) sendStream(response, message);
        else sendJson(response, 200, message);
        ledger.response(seq, who, message, script.subagentOf);
      };
      setTimeout(send, controls.delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port };
}

// As a child process: node fake-api.mjs <scenario module> <log dir> <Claude Code's working dir>
if (process.send && process.argv[4]) {
  const [scenarioModule, logDir, workDir] = process.argv.slice(2);
  const { scenario } = await import(pathToFileURL(scenarioModule).href);
  const { port } = await startFakeApi({
    scenario,
    logDir,
    workDir,
    onDone: () => process.send({ done: true }),
    onMark: (mark) => process.send({ mark }),
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ port });
}
