import { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider } from "../../src/index";
import { mediaKind } from "../../src/kinds/media";
import { templateKind } from "../../src/kinds/template";
import type { CollectionLoader } from "../../src/react/collections";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { MediaPicker } from "../../src/widgets/media-picker/media-picker";
import { TemplatePicker } from "../../src/widgets/template-picker/template-picker";

/**
 * A remote collection's Retry (after a page failed) takes its class from the part that shows the
 * collection's status — media's `LoadStatus`, template's `Count` — as `retryClassName`, so a styled
 * item gives it its look without reaching it with a descendant selector; it loads the page again.
 */

/** Fails until `failing` is set false; then one item. */
function flakyLoader(item: Record<string, unknown>) {
  const state = { failing: true, calls: 0 };
  const loader: CollectionLoader = async () => {
    state.calls += 1;
    if (state.failing) throw new Error("The catalogue answered 503");
    return { items: [item], nextCursor: undefined };
  };
  return { state, loader };
}

function renderIn(loader: CollectionLoader, children: ReactNode) {
  render(
    <HitlProvider
      transport={createTestTransport(createTestSession())}
      journal={noopJournal}
      collections={{ remote: loader }}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {children}
    </HitlProvider>,
  );
}

/**
 * After the failed first page: Retry carries `retryClassName` and the kit's class, the status part
 * around it `statusClass`; once the loader answers, a click loads the page again and Retry goes.
 */
async function expectStyledRetryThatLoadsAgain(state: { failing: boolean; calls: number }, statusClass: string) {
  const user = userEvent.setup();
  const retry = await screen.findByRole("button", { name: "Retry" });
  expect(retry).toHaveClass("again", "hitl-button");
  expect(retry.closest("[data-slot=collection-status]")).toHaveClass(statusClass);
  state.failing = false;
  await user.click(retry);
  expect(await screen.findByText(/^1 item/)).toHaveAttribute("role", "status");
  expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  expect(state.calls).toBe(2);
}

describe("a remote collection's Retry, styled from its status part", () => {
  it("given the media picker's LoadStatus with retryClassName and a failed page, should put the class on Retry, which loads again", async () => {
    const { state, loader } = flakyLoader({
      id: "m1",
      mediaType: "image",
      url: "https://example.com/a.png",
      alt: "A kite",
    });
    renderIn(
      loader,
      <MediaPicker.Root payload={mediaKind.request.parse({ kind: "media", source: { id: "remote" } })}>
        <MediaPicker.LoadStatus className="load" retryClassName="again" />
      </MediaPicker.Root>,
    );
    await expectStyledRetryThatLoadsAgain(state, "load");
  });

  it("given the template picker's Count with retryClassName and a failed page, should put the class on Retry, which loads again", async () => {
    const { state, loader } = flakyLoader({ id: "t1", name: "Brief" });
    renderIn(
      loader,
      <TemplatePicker.Root payload={templateKind.request.parse({ kind: "template", source: { id: "remote" } })}>
        <TemplatePicker.Count className="count" retryClassName="again" />
      </TemplatePicker.Root>,
    );
    await expectStyledRetryThatLoadsAgain(state, "count");
  });

  it("given inline templates (no remote catalogue), should render the count without passing retryClassName to the DOM", () => {
    renderIn(
      async () => ({ items: [] }),
      <TemplatePicker.Root
        payload={templateKind.request.parse({ kind: "template", templates: [{ id: "t1", name: "Brief" }] })}
      >
        <TemplatePicker.Count className="count" retryClassName="again" />
      </TemplatePicker.Root>,
    );
    const count = screen.getByRole("status");
    expect(count).toHaveClass("count");
    expect(count).not.toHaveAttribute("retryclassname");
    expect(count).not.toHaveClass("again");
  });
});
