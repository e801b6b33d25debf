#!/usr/bin/env node
/**
 * A scripted stand-in for the Claude Code CLI, for tests that drive the REAL
 * `@anthropic-ai/claude-agent-sdk` `query()` (its `pathToClaudeCodeExecutable`): no model, no
 * network. It speaks the SDK's stream-json control protocol on stdin/stdout, as read from the
 * SDK's own dist (0.3.332): it answers `initialize`, and on the first user message asks
 * permission for each scripted tool call with a `can_use_tool` control request — one after
 * another, as the CLI does — then ends the turn with a `result` whose `result` is the JSON of
 * every `control_response` it received (the test reads exactly what the SDK sent back).
 *
 * Env:
 *   STANDIN_SCRIPT           JSON array of { toolName, input, suggestions?, decisionReason? }.
 *   STANDIN_CANCEL_AFTER_MS  withdraw each ask with a `control_cancel_request` after that long
 *                            (what the CLI does when the prompt stops mattering).
 */
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";

const script = JSON.parse(process.env.STANDIN_SCRIPT ?? "[]");
const cancelAfterMs = process.env.STANDIN_CANCEL_AFTER_MS ? Number(process.env.STANDIN_CANCEL_AFTER_MS) : undefined;
const sessionId = randomUUID();
const model = "stand-in";

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** Our asks waiting for the SDK's `control_response`, by request id. */
const pending = new Map();

function ask(request) {
  const requestId = `stand-in-${randomUUID()}`;
  const answered = new Promise((resolve) => pending.set(requestId, resolve));
  send({ type: "control_request", request_id: requestId, request });
  if (cancelAfterMs !== undefined) {
    setTimeout(() => {
      if (!pending.has(requestId)) return;
      send({ type: "control_cancel_request", request_id: requestId });
      pending.get(requestId)({ subtype: "cancelled", request_id: requestId });
      pending.delete(requestId);
    }, cancelAfterMs);
  }
  return answered;
}

const usage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function assistant(content, stopReason) {
  send({
    type: "assistant",
    message: {
      id: `msg_${randomUUID().slice(0, 8)}`,
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    },
    parent_tool_use_id: null,
    uuid: randomUUID(),
    session_id: sessionId,
  });
}

async function turn() {
  const started = Date.now();
  send({
    type: "system",
    subtype: "init",
    cwd: process.cwd(),
    session_id: sessionId,
    tools: [...new Set(script.map((step) => step.toolName))],
    mcp_servers: [],
    model,
    permissionMode: "default",
    slash_commands: [],
    apiKeySource: "none",
    claude_code_version: "0.0.0-stand-in",
    output_style: "default",
    skills: [],
    plugins: [],
    uuid: randomUUID(),
  });
  const responses = [];
  const denials = [];
  for (const [index, step] of script.entries()) {
    const toolUseId = `toolu_stand_in_${index}_${randomUUID().slice(0, 8)}`;
    assistant([{ type: "tool_use", id: toolUseId, name: step.toolName, input: step.input }], "tool_use");
    const request = { subtype: "can_use_tool", tool_name: step.toolName, input: step.input, tool_use_id: toolUseId };
    if (step.suggestions) request.permission_suggestions = step.suggestions;
    if (step.decisionReason) request.decision_reason = step.decisionReason;
    const response = await ask(request);
    responses.push({ toolName: step.toolName, toolUseId, response });
    const allowed = response?.subtype === "success" && response.response?.behavior === "allow";
    if (!allowed) denials.push({ tool_name: step.toolName, tool_use_id: toolUseId, tool_input: step.input });
    send({
      type: "user",
      message: {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: toolUseId, is_error: !allowed, content: allowed ? "ok" : "denied" },
        ],
      },
      parent_tool_use_id: null,
      uuid: randomUUID(),
      session_id: sessionId,
    });
  }
  const result = JSON.stringify(responses);
  assistant([{ type: "text", text: "done" }], "end_turn");
  send({
    type: "result",
    subtype: "success",
    is_error: false,
    duration_ms: Date.now() - started,
    duration_api_ms: 0,
    num_turns: script.length + 1,
    result,
    stop_reason: "end_turn",
    total_cost_usd: 0,
    usage,
    modelUsage: {},
    permission_denials: denials,
    uuid: randomUUID(),
    session_id: sessionId,
  });
}

let started = false;
createInterface({ input: process.stdin })
  .on("line", (line) => {
    if (!line.trim()) return;
    const message = JSON.parse(line);
    if (message.type === "control_response") {
      const resolve = pending.get(message.response?.request_id);
      pending.delete(message.response?.request_id);
      resolve?.(message.response);
    } else if (message.type === "control_request") {
      // `initialize` (and anything else the SDK asks): an empty success is all it reads.
      const response =
        message.request?.subtype === "initialize"
          ? {
              commands: [],
              agents: [],
              output_style: "default",
              available_output_styles: ["default"],
              models: [],
              account: {},
            }
          : {};
      send({ type: "control_response", response: { subtype: "success", request_id: message.request_id, response } });
    } else if (message.type === "user" && !started) {
      started = true;
      turn().catch((error) => {
        process.stderr.write(`stand-in: ${error?.stack ?? error}\n`);
        process.exit(1);
      });
    }
  })
  // The SDK closes stdin after the result (or on abort): done.
  .on("close", () => process.exit(0));
