/**
 * Bench page: mounting a widget with many items, and moving in it by keyboard. The widgets are
 * imported statically (their code is loaded before anything is timed): this measures React's
 * render, layout and paint, not loading. Driven by `bench/chromium.mjs` through `window.bench`.
 */
import { mediaKind, questionsKind, templateKind } from "hitl-kit/kinds";
import { MediaPicker, Questions, TemplatePicker } from "hitl-kit/widgets";
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

// A 1×1 GIF: images decode without network, so the figures are the widget's own.
const PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

const media = (count) =>
  mediaKind.request.parse({
    kind: "media",
    max: 3,
    items: Array.from({ length: count }, (_, i) => ({ id: `m${i}`, url: PIXEL, alt: `Photo ${i + 1}` })),
  });

const templates = (count) =>
  templateKind.request.parse({
    kind: "template",
    templates: Array.from({ length: count }, (_, i) => ({
      id: `t${i}`,
      name: `Template ${i + 1}`,
      description: `A layout for post number ${i + 1}`,
      thumbnail: PIXEL,
      tags: [`tag-${i % 12}`],
    })),
  });

/**
 * A question set of `count` options, each question multiple choice: 4 questions (what agents ask)
 * up to 400 options, else the most a set may have (20); no virtualization either way.
 */
const questions = (count) => {
  const asked = count >= 400 ? 20 : 4;
  return questionsKind.request.parse({
    kind: "questions",
    questions: Array.from({ length: asked }, (_, q) => ({
      id: `q${q}`,
      header: `Topic ${q + 1}`,
      prompt: `Which of these apply to part ${q + 1}?`,
      multiple: true,
      options: Array.from({ length: Math.ceil(count / asked) }, (_, i) => ({
        id: `o${i}`,
        label: `Option ${i + 1}`,
        description: `What option ${i + 1} means for part ${q + 1}`,
        recommended: i === 0,
      })),
    })),
  });
};

const widgets = {
  media: [MediaPicker, media],
  template: [TemplatePicker, templates],
  questions: [Questions, questions],
};

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

let root;

/**
 * Renders synchronously, then waits for the frame that paints it: mount time as a person sees it.
 * On a fresh page this is the page's first widget: it also pays for compiling the widget's code
 * and the first style resolution of the kit's stylesheet (see `mountAfterSmall`).
 */
async function mount(kind, count) {
  const container = document.getElementById("root");
  const [Widget, payloadOf] = widgets[kind];
  const payload = payloadOf(count);
  root?.unmount();
  root = createRoot(container);
  const started = performance.now();
  flushSync(() => root.render(createElement(Widget, { prompt: "Pick one", payload, onSubmit: () => ({ ok: true }) })));
  // Style and layout now (what the browser would do before painting): the widget's own cost,
  // without the wait for the next frame, which rounds the painted figure up to vsync.
  container.getBoundingClientRect();
  const laidOutMs = performance.now() - started;
  await nextFrame();
  const ms = performance.now() - started;
  return { ms, laidOutMs, nodes: container.querySelectorAll("*").length };
}

/**
 * Presses `key` `times` times on the focused item. Each press: keydown → focus on the next item
 * (the kit's work: the handler, React's render, scrolling the item into the rendered window), and
 * keydown → the next frame after that (what a person sees; frames come every ~16.7 ms). Returns
 * the median of each, in ms.
 */
async function keyMoves(selector, key, times) {
  const start = document.querySelector(selector);
  if (!start) throw new Error(`bench: nothing matches ${selector}`);
  start.focus();
  await nextFrame();
  const focus = [];
  const frame = [];
  for (let i = 0; i < times; i++) {
    const before = document.activeElement;
    let focused;
    const onFocus = () => {
      focused ??= performance.now();
    };
    document.addEventListener("focusin", onFocus);
    const started = performance.now();
    before.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    const deadline = started + 2000;
    while (focused === undefined && performance.now() < deadline) await nextFrame();
    document.removeEventListener("focusin", onFocus);
    if (focused === undefined || document.activeElement === before) throw new Error(`bench: ${key} did not move focus`);
    await nextFrame();
    focus.push(focused - started);
    frame.push(performance.now() - started);
  }
  const median = (samples) => samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return { focusMs: median(focus), frameMs: median(frame) };
}

/**
 * The same mount once a small picker of the kind (12 items) was shown and removed on this page,
 * as on a chat page that has shown a picker before: what the item count costs, without the
 * first-widget costs.
 */
async function mountAfterSmall(kind, count) {
  await mount(kind, 12);
  return mount(kind, count);
}

window.bench = { mount, mountAfterSmall, keyMoves };
