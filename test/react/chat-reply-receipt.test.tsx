import { act, render, screen } from "@testing-library/react";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

describe("receipts for answers given in the chat", () => {
  it("given a chat message that answered the media picker, should quote it instead of 'Nothing selected'", async () => {
    const session = createTestSession();
    session.ask({
      toolName: "pick_media",
      input: { prompt: "Pick a cover", ui: { kind: "media", items: [{ id: "a", url: "/a.png", alt: "A lake" }] } },
    });
    render(
      <HitlProvider transport={createTestTransport(session)} journal={noopJournal}>
        <HitlRenderer />
      </HitlProvider>,
    );
    await act(async () => {
      await session.sendMessage("the lake one");
      await session.whenIdle();
    });
    expect(document.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", "answered");
    expect(screen.getByText("Answered in the chat: “the lake one”")).toBeInTheDocument();
    expect(screen.queryByText("Nothing selected.")).toBeNull();
  });
});
