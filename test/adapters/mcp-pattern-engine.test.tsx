import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMcpTransport } from "../../src/adapters/mcp/transport";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { loadPatternEngine, patternEngine } from "../../src/kinds/pattern-engine";
import { ledgerOf } from "../support/ledger";

/**
 * An MCP page before the pattern engine (re2js) has loaded: the adapter's converter writes
 * patterns of its own for `uri` and `date-time` strings, and a form with them must still park,
 * then load the engine as it renders (test/setup.ts leaves the engine unloaded in this file).
 */
describe("MCP elicitation and the pattern engine, loaded on first use", () => {
  it("given an MCP elicitation with a uri field (a pattern of the converter's own), should park it, load the engine as it renders, and accept", async () => {
    expect(patternEngine()).toBeUndefined();
    const server = new McpServer({ name: "test-server", version: "1.0.0" });
    const client = new Client({ name: "chat", version: "1.0.0" });
    const transport = createMcpTransport(client);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const result = server.server.elicitInput({
        mode: "form",
        message: "Your site",
        requestedSchema: {
          type: "object",
          properties: { site: { type: "string", title: "Site", format: "uri" } },
          required: ["site"],
        },
      });
      for (let i = 0; i < 200 && selectRequests(ledgerOf(transport).getSnapshot()).length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // Parked as the form (not refused for want of the engine)…
      expect(selectRequests(ledgerOf(transport).getSnapshot())[0]).toMatchObject({ kind: "form", state: "open" });
      expect(patternEngine()).toBeUndefined();
      // Rendered inside an awaited act: React only retries a render that suspended in one.
      await act(async () => {
        render(
          <HitlProvider transport={transport} journal={noopJournal}>
            <HitlRenderer />
          </HitlProvider>,
        );
      });
      // …which loads the engine as it renders (the request shows as loading meanwhile), then the
      // field, checked with the pattern.
      await act(async () => {
        await loadPatternEngine();
      });
      expect(patternEngine()).toBeDefined();
      const field = screen.getByRole("textbox", { name: /Site/ });
      fireEvent.change(field, { target: { value: "not a uri" } });
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: /Submit|Send/ }));
      });
      expect((await screen.findAllByText(/Must match the pattern/)).length).toBeGreaterThan(0);
      expect(field).toHaveAttribute("aria-invalid", "true");
      fireEvent.change(field, { target: { value: "mailto:team@example.com" } });
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: /Submit|Send/ }));
      });
      await expect(result).resolves.toEqual({ action: "accept", content: { site: "mailto:team@example.com" } });
    } finally {
      await client.close();
      await server.close();
    }
  });
});
