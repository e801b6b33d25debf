import { isSafeNavigationUrl, openUrlKind, urlDomain } from "../../src/kinds/open-url";

describe("open-url kind", () => {
  it.each([
    "https://pay.example.com/checkout?session=42",
    "https://xn--80ak6aa92e.com/",
    "http://localhost:3000/login",
    "http://127.0.0.1:8080/",
    "http://[::1]:9000/cb",
  ])("given %s, should offer it", (url) => {
    expect(isSafeNavigationUrl(url)).toBe(true);
    expect(openUrlKind.request.safeParse({ kind: "open-url", url }).success).toBe(true);
  });

  it.each([
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<b>x</b>"],
    ["file:", "file:///etc/passwd"],
    ["plain http off this machine", "http://example.com/"],
    ["credentials before the host", "https://bank.example.com@evil.example/"],
    ["a user name", "https://user@pay.example.com/"],
    ["a tab inside", "https://pay.exa\tmple.com/"],
    ["a leading space", " https://pay.example.com/"],
    ["a relative path", "/checkout"],
    ["nothing", ""],
  ])("given %s, should refuse it", (_, url) => {
    expect(isSafeNavigationUrl(url)).toBe(false);
    expect(openUrlKind.request.safeParse({ kind: "open-url", url }).success).toBe(false);
  });

  it("given an internationalized host, should show its punycode so a look-alike cannot hide", () => {
    expect(urlDomain("https://аpple.com/login")).toBe("xn--pple-43d.com");
    expect(urlDomain("http://localhost:3000/x")).toBe("localhost:3000");
  });
});
