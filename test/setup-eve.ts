/**
 * eve's client calls `Promise.withResolvers` (ES2024): Node >= 22 and browsers have it, Node 20 does not.
 * Import this at the top of a test that runs eve's client under Node 20.
 */
const promiseConstructor = Promise as PromiseConstructor & { withResolvers?: unknown };

if (typeof promiseConstructor.withResolvers !== "function") {
  Object.defineProperty(Promise, "withResolvers", {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((onResolve, onReject) => {
        resolve = onResolve;
        reject = onReject;
      });
      return { promise, resolve, reject };
    },
  });
}

export {};
