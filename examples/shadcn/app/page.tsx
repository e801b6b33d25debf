import { Pickers } from "./pickers";

/**
 * A server component: the page's frame. The pickers (app/pickers.tsx, a client component) are the
 * kit's widgets as `npx shadcn add` installed them into components/hitl/, registered by the
 * installed lib/hitl-widgets.ts — see README.md.
 */
export default function Page() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">hitl-kit · shadcn</h1>
        <p className="text-muted-foreground text-sm">
          One parked request per installed widget, each in its own in-memory agent session. Answer any of them: the
          count beside it is what the agent received.
        </p>
      </header>
      <Pickers />
    </main>
  );
}
