/**
 * One inbox process for the crash test, run in a child (Node with tsx's loader) so the test can
 * SIGKILL it. argv: <engine: sqlite|redis> <sqlite file | redis port> <mode> [sink file] [prefix].
 * Modes, each reporting over IPC:
 * - `claim-then-hang`: parks "crash-1", answers it (the claim), takes it from the outbox and
 *   then hangs "mid-delivery" — the test kills it there.
 * - `drain`: delivers what the outbox holds to the sink file (one line per delivery), then exits.
 * - `race`: waits for "go", answers "race-1" with its pid, reports whether it won, exits.
 */
import { appendFileSync } from "node:fs";
import Database from "libsql";
import { createClient } from "redis";
import { deliverSettled, type InboxStore } from "../../../src/server/inbox-store";
import { createRedisInboxStore } from "../../../src/server/inbox-store-redis";
import { createSqliteInboxStore } from "../../../src/server/inbox-store-sqlite";

const [engine, where, mode, sinkFile = "", prefix = "{crash}:"] = process.argv.slice(2);
/** Long enough that a check made right after the kill falls inside it, even on a loaded machine. */
const LEASE_MS = 2000;
const report = (message: unknown) => process.send?.(message);
const request = (id: string) => ({
  requestId: id,
  callId: `call-${id}`,
  toolName: "pick",
  prompt: "Pick one",
  kind: "question",
  payload: { options: ["a", "b"] },
});

async function open(): Promise<{ store: InboxStore; close: () => Promise<void> }> {
  if (engine === "sqlite") {
    const db = new Database(where as string);
    return {
      store: createSqliteInboxStore(db),
      close: async () => {
        db.close();
      },
    };
  }
  const client = createClient({ socket: { host: "127.0.0.1", port: Number(where) } });
  await client.connect();
  const store = createRedisInboxStore({ command: (name, args) => client.sendCommand([name, ...args]) }, { prefix });
  return { store, close: async () => client.destroy() };
}

const { store, close } = await open();
if (mode === "claim-then-hang") {
  await store.park({ request: request("crash-1"), owner: "ann", source: "crash" });
  const claim = await store.answer("crash-1", {
    owner: "ann",
    answer: { type: "value", value: "b" },
    outcome: "answered",
  });
  const taken = await store.takeDelivery({ holder: `pid-${process.pid}`, leaseMs: LEASE_MS });
  report({ claimed: claim.won, taken: taken?.id, leaseUntil: Date.now() + LEASE_MS });
  await new Promise(() => {}); // mid-delivery, until SIGKILL
} else if (mode === "drain") {
  const result = await deliverSettled(
    store,
    (record) => {
      appendFileSync(sinkFile, `${record.id}\t${JSON.stringify(record.answer)}\n`);
    },
    { holder: `pid-${process.pid}`, leaseMs: LEASE_MS },
  );
  report({ delivered: result.delivered, failed: result.failed.length });
  await close();
} else if (mode === "race") {
  await store.park({ request: request("race-1"), owner: "ann", source: "crash" });
  report({ ready: true });
  await new Promise<void>((resolve) => process.once("message", () => resolve()));
  const claim = await store.answer("race-1", {
    owner: "ann",
    answer: { type: "value", value: String(process.pid) },
    outcome: "answered",
  });
  report({
    won: claim.won,
    answer: claim.won ? claim.record.answer : "record" in claim ? claim.record.answer : undefined,
  });
  await close();
} else {
  throw new Error(`unknown mode ${mode}`);
}
process.disconnect?.();
