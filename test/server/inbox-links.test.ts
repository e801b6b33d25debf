import { createInboxTransport, openAnswerLink } from "../../src/adapters/inbox/transport";
import type { LedgerChange } from "../../src/core/ledger";
import type { ParkedRequestInit } from "../../src/core/model";
import { createInbox, type Inbox, type InboxEntry } from "../../src/server/inbox";
import { createLinkSigner } from "../../src/server/inbox-links";

/** Answer links: signed, expiring, single-use, one owner's — and a page following one. */

const SECRET = "a-test-secret-that-is-long-enough-for-hmac-sha256!";
const request = (id: string): ParkedRequestInit => ({
  requestId: id,
  callId: `call-${id}`,
  toolName: "pick",
  prompt: "Pick one",
  kind: "pick",
  payload: { kind: "pick", ids: ["a", "b"] },
});
const answer = (id: string) => ({ answer: { type: "value", value: { id } } });

describe("createLinkSigner", () => {
  it("given a short secret, should refuse it with how to make one", () => {
    expect(() => createLinkSigner("short")).toThrow(/at least 32 bytes/);
  });

  it("given a token changed anywhere, signed with another secret, or not a token, should call it tampered", async () => {
    const signer = createLinkSigner(SECRET);
    const claims = { requestId: "r1", owner: "ann", expiresAt: 2_000 };
    const token = await signer.sign(claims);
    expect(await signer.verify(token, 1_000)).toEqual({ ok: true, claims });
    const [body, signature] = token.split(".") as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const forged = [
      `${flip(body, 3)}.${signature}`,
      `${body}.${flip(signature, 5)}`,
      await createLinkSigner(`${SECRET}-other`).sign(claims),
      `${body}.${signature}.x`,
      body,
      "",
      "not a token at all",
      `${body}.${signature}`.repeat(40),
      // The claims of another request under this token's signature.
      `${btoa(JSON.stringify({ r: "r2", o: "ann", e: 2_000 })).replace(/=+$/, "")}.${signature}`,
    ];
    for (const token of forged) expect(await signer.verify(token, 1_000)).toEqual({ ok: false, reason: "tampered" });
    expect(await signer.verify(token, 2_000)).toEqual({ ok: false, reason: "expired", claims });
  });
});

describe("answer links on createInbox", () => {
  const links: Array<{ entry: InboxEntry; link: string | undefined }> = [];
  let inbox: Inbox;
  const tokenOf = (link: string | undefined) => decodeURIComponent(new URL(link ?? "").hash.slice(1));
  const get = (token: string) =>
    inbox.handle(new Request(`http://app.test/api/hitl/links/${encodeURIComponent(token)}`));
  const post = (path: string, body: unknown) =>
    inbox.handle(
      new Request(`http://app.test/api/hitl${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const viaLink = (token: string, body: unknown) => post(`/links/${encodeURIComponent(token)}/answer`, body);
  const fetchVia = (input: RequestInfo | URL, init?: RequestInit) => inbox.handle(new Request(String(input), init));

  beforeEach(() => {
    links.length = 0;
    inbox = createInbox({
      authorize: () => "ann",
      links: { secret: SECRET, url: (token) => `https://app.test/answer#${encodeURIComponent(token)}` },
      onParked: (entry, link) => {
        links.push({ entry, link });
      },
    });
  });
  afterEach(() => inbox.close());

  it("given a request parked, should hand the app one link that opens and answers it once, then shows the answer", async () => {
    const asked = inbox.park(request("r1"), { owner: "ann" });
    await vi.waitFor(() => expect(links).toHaveLength(1));
    void inbox.park(request("r1"), { owner: "ann" });
    expect(links[0]?.entry).toMatchObject({ request: { requestId: "r1" }, state: "open" });
    const token = tokenOf(links[0]?.link);
    expect(await openAnswerLink({ url: "http://app.test/api/hitl", token, fetch: fetchVia })).toEqual({ ok: true });
    expect(await (await get(token)).json()).toMatchObject({
      entries: [{ request: { requestId: "r1" }, state: "open" }],
    });
    expect((await viaLink(token, answer("a"))).status).toBe(200);
    await expect(asked).resolves.toEqual(answer("a").answer);
    // Single-use: the link answers no more, and shows what was answered.
    const again = await viaLink(token, answer("b"));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ answer: answer("a").answer });
    expect(await (await get(token)).json()).toMatchObject({
      entries: [{ state: "answered", answer: answer("a").answer }],
    });
    expect(links).toHaveLength(1);
  });

  it("given a tampered, expired or another owner's link, should say why and answer nothing", async () => {
    void inbox.park(request("r1"), { owner: "ann" }).catch(() => {});
    await vi.waitFor(() => expect(links).toHaveLength(1));
    const token = tokenOf(links[0]?.link);
    const signer = createLinkSigner(SECRET);
    const cases = [
      { token: `${token.slice(0, -2)}xx`, status: 403, reason: "tampered" },
      {
        token: await signer.sign({ requestId: "r1", owner: "ann", expiresAt: Date.now() - 1 }),
        status: 410,
        reason: "link-expired",
      },
      {
        token: await signer.sign({ requestId: "r1", owner: "bob", expiresAt: Date.now() + 60_000 }),
        status: 404,
        reason: "unknown",
      },
      {
        token: await signer.sign({ requestId: "nope", owner: "ann", expiresAt: Date.now() + 60_000 }),
        status: 404,
        reason: "unknown",
      },
    ];
    for (const { token: bad, status, reason } of cases) {
      expect((await get(bad)).status).toBe(status);
      expect((await viaLink(bad, answer("a"))).status).toBe(status);
      const opened = await openAnswerLink({ url: "http://app.test/api/hitl", token: bad, fetch: fetchVia });
      expect(opened).toMatchObject({ ok: false, reason, message: expect.any(String) });
    }
    expect((await inbox.list("ann"))[0]).toMatchObject({ state: "open" });
  });

  it("given a link capped by its request's expiry, should stop with the request", async () => {
    void inbox.park(request("r1"), { owner: "ann", expiresAt: Date.now() + 150 }).catch(() => {});
    await vi.waitFor(() => expect(links).toHaveLength(1));
    const token = tokenOf(links[0]?.link);
    expect((await get(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await (await get(token)).json()).toMatchObject({ reason: "link-expired" });
  });

  it("given the link and the inbox answering in the same instant, should take one and tell the other", async () => {
    const asked = inbox.park(request("r1"), { owner: "ann" });
    await vi.waitFor(() => expect(links).toHaveLength(1));
    const token = tokenOf(links[0]?.link);
    const [link, page] = await Promise.all([viaLink(token, answer("a")), post("/requests/r1/answer", answer("b"))]);
    expect([link.status, page.status].sort()).toEqual([200, 409]);
    const winner = link.status === 200 ? answer("a") : answer("b");
    await expect(asked).resolves.toEqual(winner.answer);
  });

  it("given a page following a link, should show that one request and send its answer through the link", async () => {
    void inbox.park(request("other"), { owner: "ann" });
    const asked = inbox.park(request("r1"), { owner: "ann" });
    await vi.waitFor(() => expect(links).toHaveLength(2));
    const token = tokenOf(links.find((l) => l.entry.request.requestId === "r1")?.link);
    const transport = createInboxTransport({ url: "http://app.test/api/hitl", link: token, fetch: fetchVia });
    const changes: LedgerChange[] = [];
    const stop = transport.connect({
      deliver: (action) => {
        if (action.type === "transport") changes.push(...action.changes);
      },
      expect: () => {},
    });
    await transport.refresh();
    expect(changes.map((c) => (c.type === "requested" ? c.request.requestId : c.type))).toEqual(["r1"]);
    const sent = { type: "value", value: { id: "b" } } as const;
    expect(await transport.send({ requestId: "r1", kind: "pick", answer: sent, request: request("r1") })).toEqual({
      type: "settled",
      outcome: "answered",
    });
    await expect(asked).resolves.toEqual(answer("b").answer);
    stop();
    transport.close();
  });
});
