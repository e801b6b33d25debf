import { act, render } from "@testing-library/react";
import { type ReactNode, StrictMode } from "react";
import { z } from "zod";
import type { HitlIssue } from "../../src/core/issues";
import { noopJournal, type SubmissionJournal } from "../../src/core/journal";
import { defineKind } from "../../src/kinds/define-kind";
import { HitlProvider, type HitlProviderProps } from "../../src/react/provider";
import { createRegistry, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import type { FallbackProps, HitlWidgetProps } from "../../src/react/widget-props";
import { createTestSession, type TestSession } from "../../src/testing/session";
import { createTestTransport, type TestTransport } from "../../src/testing/transport";

/**
 * Test-only kind and widget: minimal on purpose, so these tests exercise the hook and renderer
 * (the real widgets have their own tests).
 */
export const pickKind = defineKind({
  kind: "pick",
  request: z.object({ ids: z.array(z.string()).min(1) }),
  response: z.strictObject({ id: z.string() }),
  check: (request, response): HitlIssue[] =>
    request.ids.includes(response.id) ? [] : [{ path: ["id"], message: `Unknown id "${response.id}"` }],
});

export function PickWidget({
  payload,
  prompt,
  status,
  answer,
  error,
  onSubmit,
  onDecline,
  onRetry,
}: HitlWidgetProps<{ ids: string[] }, { id: string }>) {
  return (
    <fieldset data-testid="pick" data-state={status}>
      <legend>{prompt}</legend>
      {payload.ids.map((id) => (
        <button key={id} type="button" onClick={() => onSubmit?.({ id })}>
          Pick {id}
        </button>
      ))}
      <button type="button" onClick={() => onSubmit?.({ id: "nope" })}>
        Pick unknown
      </button>
      <button type="button" onClick={() => onDecline?.("not now")}>
        Decline
      </button>
      {status === "error" && (
        <p role="alert">
          {error}{" "}
          <button type="button" onClick={() => onRetry?.()}>
            Retry
          </button>
        </p>
      )}
      {answer && <output>Chose {answer.id}</output>}
    </fieldset>
  );
}

export function TestFallback({ prompt, kind, reason, issues, status, onAnswer, onDecline }: FallbackProps) {
  return (
    <div data-testid="fallback" data-state={status} data-reason={reason} data-kind={kind}>
      <p>{prompt}</p>
      <ul>
        {issues.map((issue) => (
          <li key={issue.message}>{issue.message}</li>
        ))}
      </ul>
      <button type="button" onClick={() => onAnswer({ type: "reply", text: "typed answer" })}>
        Send text
      </button>
      <button type="button" onClick={() => onDecline?.()}>
        Decline fallback
      </button>
    </div>
  );
}

export const registry = createRegistry(widget(pickKind, PickWidget));

export function askPick(session: TestSession, ids = ["a", "b"], prompt = "Pick one") {
  return session.ask({ toolName: "pick_thing", input: { prompt, ui: { kind: "pick", ids } } });
}

export interface Harness {
  session: TestSession;
  transport: TestTransport;
  rerender(ui?: ReactNode): void;
  unmount(): void;
}

export function setup(
  options: {
    session?: TestSession;
    journal?: SubmissionJournal;
    strict?: boolean;
    children?: ReactNode;
    provider?: Partial<HitlProviderProps>;
  } = {},
): Harness {
  const session = options.session ?? createTestSession();
  const transport = createTestTransport(session);
  const tree = (children: ReactNode) => {
    const content = (
      <HitlProvider
        transport={transport}
        registry={registry}
        journal={options.journal ?? noopJournal}
        {...options.provider}
      >
        {children}
      </HitlProvider>
    );
    return options.strict === false ? content : <StrictMode>{content}</StrictMode>;
  };
  const children = options.children ?? <HitlRenderer fallback={TestFallback} />;
  const view = render(tree(children));
  return {
    session,
    transport,
    rerender: (ui) => view.rerender(tree(ui ?? children)),
    unmount: () => view.unmount(),
  };
}

/** Lets the session process accepted answers and React flush what followed. */
export async function settle(session: TestSession) {
  await act(async () => {
    await session.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
