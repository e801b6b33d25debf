import { claudeCanUseTool, claudePermissionRequest } from "../../src/server/claude-agent";

/**
 * The bridge's mapping on its own: what each prompt parks as and what each answer returns. (The
 * prompts travel through the real SDK in test/claude-agent/claude-bridge.test.tsx.)
 */

const context = { toolUseID: "toolu_1" };

describe("claudePermissionRequest", () => {
  it("given a tool, should park a native approval keyed by the tool use, with the CLI's reason", () => {
    const { request } = claudePermissionRequest(
      "Bash",
      { command: "ls" },
      { ...context, decisionReason: "Not in the allow list." },
    );
    expect(request).toMatchObject({
      requestId: "claude:toolu_1",
      callId: "toolu_1",
      kind: "approval",
      native: true,
      prompt: "Allow Bash? Not in the allow list.",
      payload: { kind: "approval", toolName: "Bash", input: { command: "ls" } },
    });
    expect(request.payload).not.toHaveProperty("edit");
    expect(request.payload).not.toHaveProperty("always");
  });

  it("given a deny, a reply, a dismissal or a value that does not fit, should deny with the person's words or why", () => {
    const { result } = claudePermissionRequest("Bash", { command: "ls" }, context);
    expect(result({ type: "value", value: { decision: "deny", note: "no" } })).toEqual({
      behavior: "deny",
      message: "no",
    });
    expect(result({ type: "declined" })).toEqual({ behavior: "deny", message: "The user denied this tool call." });
    expect(result({ type: "reply", text: "use dir" })).toEqual({
      behavior: "deny",
      message: "The user replied instead: use dir",
    });
    expect(result({ type: "dismissed" })).toMatchObject({ behavior: "deny" });
    // "always" without the offer, an edit without an edit step: refused, never allowed.
    expect(result({ type: "value", value: { decision: "approve", always: true } })).toMatchObject({ behavior: "deny" });
    expect(result({ type: "value", value: { decision: "edit", input: { command: "rm" } } })).toMatchObject({
      behavior: "deny",
    });
  });

  it("given an edit that breaks the schema's fields, should deny; one that fits, allow with the typed input", () => {
    const schema = {
      type: "object",
      properties: { path: { type: "string", maxLength: 10 }, lines: { type: "integer", minimum: 1 } },
      required: ["path"],
    };
    const { request, result } = claudePermissionRequest(
      "Read",
      { path: "a.md", lines: 5, extra: true },
      context,
      schema,
    );
    expect(request.payload).toMatchObject({ edit: { fields: [{ name: "path", default: "a.md" }, { name: "lines" }] } });
    expect(
      result({ type: "value", value: { decision: "edit", input: { path: "far-too-long.md", lines: 5 } } }),
    ).toMatchObject({
      behavior: "deny",
    });
    expect(result({ type: "value", value: { decision: "edit", input: { path: "b.md", lines: 2 } } })).toEqual({
      behavior: "allow",
      updatedInput: { path: "b.md", lines: 2, extra: true },
    });
  });

  it("given AskUserQuestion the kit cannot show, should park the answerable fallback and deny with the words", () => {
    const tooMany = { questions: Array.from({ length: 21 }, (_, i) => ({ question: `Q${i}?`, options: [] })) };
    const { request, result } = claudePermissionRequest("AskUserQuestion", tooMany, context);
    expect(request.kind).toBe("questions");
    expect(request.issues?.length).toBeGreaterThan(0);
    expect(result({ type: "reply", text: "all yes" })).toEqual({
      behavior: "deny",
      message: "The user replied instead: all yes",
    });
  });
});

describe("claudeCanUseTool", () => {
  it("given the SDK's signal aborting while the person has not answered, should deny and not wait", async () => {
    const controller = new AbortController();
    const canUseTool = claudeCanUseTool({
      ask: (_request, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    });
    const decided = canUseTool("Bash", { command: "ls" }, { ...context, signal: controller.signal });
    controller.abort();
    await expect(decided).resolves.toEqual({ behavior: "deny", message: "The permission prompt was withdrawn." });
  });

  it("given ask failing for another reason, should reject (the SDK reports it) rather than allow", async () => {
    const canUseTool = claudeCanUseTool({ ask: () => Promise.reject(new Error("inbox full")) });
    await expect(
      canUseTool("Bash", { command: "ls" }, { ...context, signal: new AbortController().signal }),
    ).rejects.toThrow("inbox full");
  });
});
