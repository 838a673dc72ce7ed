// An editor, played with the official ACP TypeScript library: it starts
// `agent acp`, opens a session in a project, sends one prompt, answers
// permission requests as the scenario says, and prints what it saw as
// one JSON object. The Go test (acp_e2e_test.go) judges it.
//
// node client.mjs AGENT_BINARY ROOT SCENARIO MARKER
//   reject: answer every permission request with the reject_once option
//   cancel: send session/cancel once the command with MARKER has output,
//           then look for a process still running it
//   write:  offer fs/read_text_file and fs/write_text_file, holding
//           ROOT/notes.txt open with a change not saved; keep what the
//           agent writes in the buffers, never on disk (MARKER "fail":
//           fail every write); approve every permission request
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { client, methods, ndJsonStream, PROTOCOL_VERSION, RequestError } from "@agentclientprotocol/sdk";

const [bin, root, scenario, marker] = process.argv.slice(2);
const agent = spawn(bin, ["acp"], { stdio: ["pipe", "pipe", "inherit"] });
const stream = ndJsonStream(Writable.toWeb(agent.stdin), Readable.toWeb(agent.stdout));

const seen = { updates: [], permissions: [], reads: [], writes: [] };
const editor = scenario === "write";
// The editor's buffers: what it holds that is not on disk.
const buffers = { [`${root}/notes.txt`]: "first line\nunsaved line\n" };
let cancelSent = false;
let cancel = () => {};

// alive reports whether a process runs `sleep MARKER` (Linux: /proc).
function alive() {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (argv[0] === "sleep" && argv[1] === marker) return true;
    } catch {}
  }
  return false;
}

const app = client({ name: "acp-e2e" })
  .onRequest(methods.client.session.requestPermission, async ({ params }) => {
    seen.permissions.push(params);
    const answer = params.options.find((o) => o.kind === (editor ? "allow_once" : "reject_once"));
    return { outcome: { outcome: "selected", optionId: answer.optionId } };
  })
  .onRequest(methods.client.fs.readTextFile, async ({ params }) => {
    seen.reads.push(params.path);
    return { content: buffers[params.path] ?? readFileSync(params.path, "utf8") };
  })
  .onRequest(methods.client.fs.writeTextFile, async ({ params }) => {
    seen.writes.push({ path: params.path, content: params.content });
    if (marker === "fail") throw new RequestError(-32603, "the buffer is read-only");
    buffers[params.path] = params.content;
    return {};
  })
  .onNotification(methods.client.session.update, async ({ params }) => {
    const u = params.update;
    seen.updates.push(u);
    if (scenario === "cancel" && !cancelSent && u.sessionUpdate === "tool_call_update" &&
        (u.content ?? []).some((c) => c.type === "content" && (c.content.text ?? "").includes("started"))) {
      cancelSent = true;
      // The output came from echo, just before bash starts sleep: wait
      // for it to run, so the test knows what the cancel stops.
      const waitForSleep = () => {
        if (alive()) {
          seen.sawRunning = true;
          cancel();
        } else {
          setImmediate(waitForSleep);
        }
      };
      waitForSleep();
    }
  });

const result = await app.connectWith(stream, async (ctx) => {
  const init = await ctx.request(methods.agent.initialize, {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: editor, writeTextFile: editor }, terminal: false },
  });
  const session = await ctx.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
  cancel = () => ctx.notify(methods.agent.session.cancel, { sessionId: session.sessionId });
  const resp = await ctx.request(methods.agent.session.prompt, {
    sessionId: session.sessionId,
    prompt: [{ type: "text", text: "clean up the build and list the files" }],
  });
  return { init, session, stopReason: resp.stopReason, stillRunning: scenario === "cancel" ? alive() : false };
});

agent.stdin.end();
const code = await new Promise((resolve) => agent.on("exit", (c, sig) => resolve(c ?? sig)));
process.stdout.write(JSON.stringify({ ...result, ...seen, agentExit: code }) + "\n");
