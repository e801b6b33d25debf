import { QueryClient } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import type { CollectionLoaders } from "../../src/react/collections";
import type { HitlError } from "../../src/react/provider";
import { createTestSession, type TestRequestRef, type TestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

/**
 * The real path for widgets over remote collections: an in-memory session, the provider with the
 * app's loaders (no retries: a failure shows at once), the default registry and renderer.
 */
export function renderWithCollections(collections: CollectionLoaders, onError?: (error: HitlError) => void) {
  const session = createTestSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <HitlProvider
      transport={createTestTransport(session)}
      journal={noopJournal}
      collections={collections}
      queryClient={queryClient}
      {...(onError ? { onError } : {})}
    >
      <HitlRenderer />
    </HitlProvider>,
  );
  return session;
}

/**
 * Parks a picker request of `kind` whose payload is `ui`. The page is already rendered: the
 * request's stream event updates the renderer, so it arrives inside act.
 */
export function askPicker(
  session: TestSession,
  kind: string,
  ui: Record<string, unknown>,
  prompt = "Pick from the library",
) {
  let ref!: TestRequestRef;
  act(() => {
    ref = session.ask({ toolName: `pick_${kind}`, input: { prompt, ui: { kind, ...ui } } });
  });
  return ref;
}

/** Lets the session process accepted answers and React flush what followed. */
export async function settle(session: TestSession) {
  await act(async () => {
    await session.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
