/**
 * Serves a Fetch-API handler (`(Request) => Promise<Response>`, what the MCP TypeScript SDK v2's
 * `createMcpHandler` returns) from a `node:http` request. The SDK's own Node adapter
 * (`@modelcontextprotocol/node`) stops at 2.1 while the SDK is at 2.4, so these few lines stand in.
 * `body` is the request's bytes when the caller already read them (undefined: read here).
 */
export async function serveFetch(handler, req, res, body) {
  let bytes = body;
  if (bytes === undefined && req.method !== "GET" && req.method !== "HEAD") {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    bytes = Buffer.concat(chunks);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const response = await handler(
    new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : bytes,
    }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}
