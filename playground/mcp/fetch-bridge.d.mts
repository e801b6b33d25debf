/** Types for `fetch-bridge.mjs`. */
import type { IncomingMessage, ServerResponse } from "node:http";

export function serveFetch(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
  body?: Buffer,
): Promise<void>;
