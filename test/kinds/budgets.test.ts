import { encodeAnswer } from "../../src/adapters/eve/envelope";
import { capIssues, formatIssues, MAX_ISSUES } from "../../src/core/issues";
import { formKind, MAX_FORM_OPTIONS, mediaKind, templateKind } from "../../src/kinds";
import { readAnswer, readEveAnswer } from "../../src/server/picker";

const options = (count: number) => Array.from({ length: count }, (_, i) => ({ value: `o${i}`, label: `O${i}` }));

describe("request budgets", () => {
  it("given a form whose fields offer more options in all than the budget, should refuse it before parsing them", () => {
    // 500 fields × 10,000 options: five million options, refused by counting. One list shared by
    // every field: the parser sees the same five million entries, the test builds 10,000 (building
    // five million objects took seconds of the test's own time under load).
    const many = options(10_000);
    const field = (i: number) => ({ type: "select", name: `f${i}`, label: `F${i}`, options: many });
    const result = formKind.request.safeParse({
      kind: "form",
      fields: Array.from({ length: 500 }, (_, i) => field(i)),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      `Too many options in all: 5,000,000; at most ${MAX_FORM_OPTIONS.toLocaleString("en-US")}`,
    ]);
  });

  it("given a form within the budget, should accept it", () => {
    const fields = [0, 1].map((i) => ({ type: "select", name: `f${i}`, label: "F", options: options(5_000) }));
    expect(formKind.request.safeParse({ kind: "form", fields }).success).toBe(true);
  });

  it("given templates with more variables in all than the budget, should refuse them", () => {
    const variables = Array.from({ length: 100 }, (_, i) => ({ name: `v${i}`, label: "V" }));
    const templates = Array.from({ length: 101 }, (_, i) => ({ id: `t${i}`, name: "T", variables }));
    const result = templateKind.request.safeParse({ kind: "template", templates });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Too many template variables in all: 10,100/);
  });
});

describe("bounded issues", () => {
  it("given an answer that fails in thousands of places, should return a bounded issue list and message", () => {
    const request = mediaKind.request.parse({
      kind: "media",
      items: [{ id: "a", url: "https://x.example/a.png" }],
      max: 1,
    });
    const selected = Array.from({ length: 5_000 }, (_, i) => `unknown-${i}-${"x".repeat(200)}`);
    const result = readAnswer(mediaKind, request, { type: "value", value: { selected } });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.issues.length).toBeLessThanOrEqual(MAX_ISSUES + 1);
    expect(result.message.length).toBeLessThan(25_000);
    const eve = readEveAnswer(mediaKind, request, { status: "answered", text: encodeAnswer("media", { selected }) });
    expect(eve.status === "invalid" && eve.message.length < 25_000).toBe(true);
  });

  it("given more issues than the cap, should keep the first ones and count the rest", () => {
    const issues = Array.from({ length: 1_234 }, (_, i) => ({ path: ["items", i], message: "Bad" }));
    const capped = capIssues(issues);
    expect(capped).toHaveLength(MAX_ISSUES + 1);
    expect(capped.at(-1)).toEqual({
      path: [],
      message: `…and ${(1_234 - MAX_ISSUES).toLocaleString("en-US")} more issues`,
    });
    // Capping again changes nothing (the server formats what the client already capped).
    expect(capIssues(capped)).toEqual(capped);
    expect(formatIssues(issues).split("\n")).toHaveLength(MAX_ISSUES + 1);
  });

  it("given a huge message or a deep path, should shorten them", () => {
    const [issue] = capIssues([{ path: Array.from({ length: 100 }, (_, i) => i), message: "y".repeat(100_000) }]);
    expect(issue?.path.length).toBeLessThanOrEqual(13);
    expect(issue?.message.length).toBeLessThanOrEqual(301);
  });
});
