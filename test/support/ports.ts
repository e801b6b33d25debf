import { createServer } from "node:net";

/**
 * A port on 127.0.0.1 that was free a moment ago (nothing listens on it now). A server started on
 * it may lose a race to another process: callers that start one retry or fail loudly.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
