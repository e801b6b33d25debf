import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { renderHook } from "@testing-library/react";
import { StrictMode } from "react";
import { createMcpTransport } from "../../src/adapters/mcp/transport";
import { useMcpHitl } from "../../src/adapters/mcp/use-mcp-hitl";

/** `useMcpHitl` over the real MCP SDK client: one transport per client, the one whose handler is installed. */
describe("useMcpHitl", () => {
  const newClient = () => new Client({ name: "chat", version: "1.0.0" });

  it("given re-renders in StrictMode, should keep the transport installed on the client", () => {
    const client = newClient();
    const { result, rerender } = renderHook(({ onProblem }) => useMcpHitl(client, { onProblem }), {
      initialProps: { onProblem: () => {} },
      wrapper: StrictMode,
    });
    const first = result.current;
    rerender({ onProblem: () => {} });
    expect(result.current).toBe(first);
    expect(createMcpTransport(client)).toBe(first);
  });

  it("given another client, should give that client's own transport", () => {
    const one = newClient();
    const two = newClient();
    const { result, rerender } = renderHook(({ client }) => useMcpHitl(client), { initialProps: { client: one } });
    const first = result.current;
    rerender({ client: two });
    expect(result.current).not.toBe(first);
    expect(createMcpTransport(two)).toBe(result.current);
    expect(createMcpTransport(one)).toBe(first);
  });
});
