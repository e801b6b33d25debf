import { HitlProvider, HitlRenderer } from "hitl-kit";
import { HitlInbox } from "hitl-kit/adapters/inbox";
import { createInboxTransport, openAnswerLink } from "hitl-kit/adapters/inbox/transport";
import { Fallback } from "hitl-kit/widgets";
import { useEffect, useState } from "react";
import { registry } from "./registry";

/**
 * Everything waiting for the person, in one place: the eve agent's questions (from the sessions
 * the chat page opened), the LangGraph graph's interrupts and the MCP server's rounds, parked by
 * the page server in a SQLite file (`playground/inbox/server.ts`) and answered here once — from
 * this browser, another one, or an answer link (`#link=<token>`), whichever is first. Each answer
 * goes back through its source's sink, so the agent or graph gets exactly one.
 */

const INBOX_URL = "/inbox";

interface SentLink {
  readonly requestId: string;
  readonly prompt: string;
  readonly source?: string;
  readonly link: string;
}

interface Ending {
  readonly id: string;
  readonly source: string;
  readonly at: number;
  readonly result: unknown;
}

function linkToken(): string | undefined {
  const match = /^#link=(.+)$/.exec(window.location.hash);
  return match?.[1];
}

export function InboxApp() {
  const [token, setToken] = useState(linkToken);
  useEffect(() => {
    const onHash = () => setToken(linkToken());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  return (
    <div className="app">
      <header className="app-header">
        <h1>hitl-kit · inbox</h1>
        <div className="app-header-actions">
          <a className="button" href="/">
            eve chat
          </a>
          <a className="button" href="/langgraph.html">
            LangGraph
          </a>
          {token !== undefined && (
            <a className="button" href="/inbox.html">
              All requests
            </a>
          )}
        </div>
      </header>
      {token === undefined ? <InboxPage /> : <LinkPage key={token} token={token} />}
    </div>
  );
}

function InboxPage() {
  const [transport] = useState(() => createInboxTransport({ url: INBOX_URL }));
  const [status, setStatus] = useState("");
  const sent = usePolled<SentLink[]>(`${INBOX_URL}/sent`, []);
  const endings = usePolled<Ending[]>(`${INBOX_URL}/results`, []);

  const post = async (path: string, body: unknown, done: string) => {
    setStatus("");
    try {
      const response = await fetch(`${INBOX_URL}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const reply = (await response.json().catch(() => ({}))) as { error?: string };
      setStatus(response.ok ? done : `Not asked: ${reply.error ?? response.status}`);
    } catch (error) {
      setStatus(`Not asked: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <main className="layout inbox-layout">
      <section className="chat" aria-labelledby="inbox-title">
        <h2 id="inbox-title" className="visually-hidden">
          Inbox
        </h2>
        <div className="tool-buttons">
          <button
            type="button"
            className="button"
            onClick={() => void post("/ask", { ttlMs: 60_000 }, "Asked: it expires in a minute")}
          >
            Ask me something (expires in a minute)
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void post("/mcp/plan", {}, "The MCP server asked: its questions are below")}
          >
            Plan an event over MCP
          </button>
        </div>
        <p className="inbox-status" role="status" data-testid="inbox-status">
          {status}
        </p>
        <HitlInbox transport={transport} registry={registry} fallback={Fallback} listHeight={420} />
      </section>
      <aside className="queue" aria-labelledby="sent-title">
        <h2 id="sent-title">Links sent</h2>
        {sent.length === 0 ? (
          <p>No link sent yet. Each new request gets one (an app would email it or post it to Slack).</p>
        ) : (
          <ul className="inbox-links" data-testid="sent-links">
            {sent.toReversed().map((line) => (
              <li key={line.requestId}>
                <a href={line.link} target="_blank" rel="noreferrer" data-request-id={line.requestId}>
                  {line.prompt}
                </a>{" "}
                <span className="inbox-link-source">({line.source ?? "inbox"})</span>
              </li>
            ))}
          </ul>
        )}
        <h2>Finished</h2>
        {endings.length === 0 ? (
          <p>Nothing finished yet.</p>
        ) : (
          <ul className="inbox-links" data-testid="endings">
            {endings.toReversed().map((ending) => (
              <li key={`${ending.id}-${ending.at}`}>
                <code>{ending.source}</code> {JSON.stringify(ending.result).slice(0, 300)}
              </li>
            ))}
          </ul>
        )}
      </aside>
    </main>
  );
}

/** One request, opened from its answer link: why it does not open, or its widget. */
function LinkPage({ token }: { token: string }) {
  const [check, setCheck] = useState<Awaited<ReturnType<typeof openAnswerLink>> | undefined>();
  const [transport] = useState(() => createInboxTransport({ url: INBOX_URL, link: token }));
  useEffect(() => {
    let live = true;
    void openAnswerLink({ url: INBOX_URL, token }).then((result) => live && setCheck(result));
    return () => {
      live = false;
    };
  }, [token]);
  if (!check) return <p className="inbox-status">Opening the link…</p>;
  if (!check.ok) {
    return (
      <main className="layout layout-single">
        <p className="inbox-refused" role="alert" data-reason={check.reason}>
          {check.message}
        </p>
      </main>
    );
  }
  return (
    <HitlProvider transport={transport} registry={registry}>
      <main className="layout layout-single">
        <section className="queue" aria-labelledby="link-title">
          <h2 id="link-title">Answer this request</h2>
          <HitlRenderer settled="all" />
        </section>
      </main>
    </HitlProvider>
  );
}

/** What the page server answers at `url`, read every two seconds. */
function usePolled<T>(url: string, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let live = true;
    const read = async () => {
      try {
        const response = await fetch(url);
        if (response.ok && live) setValue((await response.json()) as T);
      } catch {
        // The page server restarting: read again on the next tick.
      }
    };
    void read();
    const timer = setInterval(() => void read(), 2_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [url]);
  return value;
}
