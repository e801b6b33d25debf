"use client";

import { HitlProvider, HitlRenderer } from "hitl-kit";
import { noopJournal } from "hitl-kit/core";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { HitlFallback, hitlRegistry } from "@/lib/hitl-widgets";
import { createScenarios, type Received, type Scenario } from "./scenarios";

/**
 * Each scenario rendered the way an app renders the kit: `HitlProvider` on the scenario's
 * transport with the registry `npx shadcn add …/hitl-widgets.json` installed, and a
 * `HitlRenderer` whose fallback is the installed one. Beside each: what its agent received.
 * Built in the browser only (the sessions live in memory), so nothing renders on the server.
 */
export function Pickers() {
  const [scenarios, setScenarios] = useState<readonly Scenario[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    createScenarios().then(
      (built) => live && setScenarios(built),
      (reason: unknown) => live && setError(reason instanceof Error ? reason.message : String(reason)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (error !== undefined) {
    return (
      <p role="alert" className="text-destructive">
        Could not start the sessions: {error}
      </p>
    );
  }
  return (
    <div data-testid="pickers" data-ready={scenarios ? "true" : "false"} className="flex flex-col gap-6">
      {scenarios?.map((scenario) => (
        <PickerCard key={scenario.name} scenario={scenario} />
      ))}
    </div>
  );
}

function PickerCard({ scenario }: { scenario: Scenario }) {
  const received = useReceived(scenario);
  const headingId = `heading-${scenario.name}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`card-${scenario.name}`}
      className="bg-card text-card-foreground flex flex-col gap-3 rounded-xl border p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-mono text-sm font-medium">
          {scenario.name}
          <span className="text-muted-foreground"> · kind {scenario.kind}</span>
        </h2>
        <p className="text-muted-foreground text-xs">
          answers received <output data-testid={`answers-${scenario.name}`}>{received.answers}</output>
          {" · "}tool results <output data-testid={`results-${scenario.name}`}>{received.results}</output>
        </p>
      </header>
      <HitlProvider transport={scenario.transport} registry={hitlRegistry} journal={noopJournal}>
        <HitlRenderer fallback={HitlFallback} settled="all" />
      </HitlProvider>
      {received.answers > 0 ? (
        <pre
          data-testid={`answer-${scenario.name}`}
          className="bg-muted text-muted-foreground overflow-x-auto rounded-md p-2 text-xs"
        >
          {received.last}
        </pre>
      ) : null}
    </section>
  );
}

/** What the scenario's agent received, re-read on every change it reports and every 200 ms (a stray answer may report none). */
function useReceived(scenario: Scenario): Received {
  const subscribe = useCallback(
    (listener: () => void) => {
      const stop = scenario.subscribe(listener);
      const timer = setInterval(listener, 200);
      return () => {
        stop();
        clearInterval(timer);
      };
    },
    [scenario],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => JSON.stringify(scenario.received()),
    () => JSON.stringify(nothingReceived),
  );
  return JSON.parse(snapshot) as Received;
}

const nothingReceived: Received = { answers: 0, results: 0, last: "null" };
