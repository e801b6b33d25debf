import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentProps, Profiler, type ProfilerOnRenderCallback, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { aspectRatioKind } from "../../src/kinds/aspect-ratio";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { questionsKind } from "../../src/kinds/questions";
import { templateKind } from "../../src/kinds/template";
import { Approval } from "../../src/widgets/approval/approval";
import { AspectRatioPicker } from "../../src/widgets/aspect-ratio-picker/aspect-ratio-picker";
import { Fallback } from "../../src/widgets/fallback/fallback";
import { Form } from "../../src/widgets/form/form";
import { MediaPicker } from "../../src/widgets/media-picker/media-picker";
import { Question } from "../../src/widgets/question/question";
import { TextQuestion } from "../../src/widgets/question/text-question";
import { Questions } from "../../src/widgets/questions/questions";
import { TemplatePicker } from "../../src/widgets/template-picker/template-picker";
import { captureKitWarnings } from "../support/kit-warnings";

/**
 * What a change of a widget's own state renders again, for the pickers `defineWidget` assembles:
 * the parts that read the widget's API do; the shell's parts (the prompt, Decline, the status)
 * do not — the memoized shell keeps its context, and its children are the same elements until
 * the widget's owner renders. Counted with React's Profiler (update commits per part).
 */

const commits = new Map<string, number>();
const onRender: ProfilerOnRenderCallback = (id, phase) => {
  if (phase !== "mount") commits.set(id, (commits.get(id) ?? 0) + 1);
};
const Part = ({ id, children }: { id: string; children: ReactNode }) => (
  <Profiler id={id} onRender={onRender}>
    {children}
  </Profiler>
);
/** Prompt, Status and Decline: the shell's parts, each in its own Profiler. */
const shellParts = (
  Widget:
    | typeof AspectRatioPicker
    | typeof Form
    | typeof MediaPicker
    | typeof TemplatePicker
    | typeof Questions
    | typeof Approval
    | typeof Question
    | typeof TextQuestion,
) => [
  <Part id="prompt" key="prompt">
    <Widget.Prompt>Pick</Widget.Prompt>
  </Part>,
  <Part id="status" key="status">
    <Widget.Status />
  </Part>,
  <Part id="decline" key="decline">
    <Widget.Decline />
  </Part>,
];

describe("defineWidget's shell renders", () => {
  it("given an aspect ratio chosen, should render the options again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = aspectRatioKind.request.parse({
      kind: "aspect-ratio",
      presets: [{ ratio: "1:1" }, { ratio: "16:9" }],
    });
    render(
      <AspectRatioPicker.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(AspectRatioPicker)}
        <AspectRatioPicker.Body>
          <Part id="options">
            <AspectRatioPicker.Options />
          </Part>
        </AspectRatioPicker.Body>
      </AspectRatioPicker.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("radio", { name: "16:9" }));
    expect(screen.getByRole("radio", { name: "16:9" }).getAttribute("aria-checked")).toBe("true");
    expect(Object.fromEntries(commits)).toEqual({ options: 1 });
  });

  it("given a form field typed in, should render the fields again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = formKind.request.parse({ kind: "form", fields: [{ name: "name", label: "Name", type: "text" }] });
    render(
      <Form.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(Form)}
        <Form.Body>
          <Part id="fields">
            <Form.Fields />
          </Part>
        </Form.Body>
      </Form.Root>,
    );
    commits.clear();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    expect(Object.fromEntries(commits)).toEqual({ fields: 3 });
  });

  it("given a media item chosen, should render the count again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = mediaKind.request.parse({
      kind: "media",
      items: [
        { id: "a", url: "https://example.com/a.png", mediaType: "image", alt: "A" },
        { id: "b", url: "https://example.com/b.png", mediaType: "image", alt: "B" },
      ],
      max: 2,
    });
    render(
      <MediaPicker.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(MediaPicker)}
        <MediaPicker.Body>
          <MediaPicker.Grid />
          <Part id="count">
            <MediaPicker.Count />
          </Part>
        </MediaPicker.Body>
      </MediaPicker.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("option", { name: /A/ }));
    expect(screen.getByText(/1 of/)).toBeTruthy();
    expect(commits.get("count")).toBeGreaterThan(0);
    expect(["prompt", "status", "decline"].filter((part) => commits.has(part))).toEqual([]);
  });

  it("given a template chosen, should render the cards and variables again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = templateKind.request.parse({
      kind: "template",
      templates: [
        { id: "launch", name: "Product launch", variables: [{ name: "product", label: "Product name" }] },
        { id: "news", name: "Weekly newsletter" },
      ],
    });
    render(
      <TemplatePicker.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(TemplatePicker)}
        <TemplatePicker.Body>
          <Part id="cards">
            <TemplatePicker.Cards />
          </Part>
          <Part id="variables">
            <TemplatePicker.Variables />
          </Part>
        </TemplatePicker.Body>
      </TemplatePicker.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("radio", { name: "Product launch" }));
    expect(screen.getByRole("textbox", { name: "Product name" })).toBeTruthy();
    expect(commits.get("cards")).toBeGreaterThan(0);
    expect(commits.get("variables")).toBeGreaterThan(0);
    expect(["prompt", "status", "decline"].filter((part) => commits.has(part))).toEqual([]);
  });

  it("given an option of a question set chosen, should render the questions and progress again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = questionsKind.request.parse({
      kind: "questions",
      questions: [
        {
          id: "db",
          prompt: "Which database?",
          options: [
            { id: "pg", label: "PostgreSQL" },
            { id: "lite", label: "SQLite" },
          ],
        },
        {
          id: "ci",
          prompt: "Which CI?",
          options: [
            { id: "gh", label: "GitHub" },
            { id: "gl", label: "GitLab" },
          ],
        },
      ],
    });
    render(
      <Questions.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(Questions)}
        <Questions.Body>
          <Part id="questions">
            <Questions.QuestionList />
          </Part>
          <Part id="progress">
            <Questions.Progress />
          </Part>
        </Questions.Body>
      </Questions.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("radio", { name: "PostgreSQL" }));
    expect(screen.getByRole("radio", { name: "PostgreSQL" })).toBeChecked();
    expect(commits.get("questions")).toBeGreaterThan(0);
    expect(commits.get("progress")).toBeGreaterThan(0);
    expect(["prompt", "status", "decline"].filter((part) => commits.has(part))).toEqual([]);
  });

  it("given one question of a set answered and its Other typed in, should render that question again and not the others", async () => {
    const user = userEvent.setup();
    const payload = questionsKind.request.parse({
      kind: "questions",
      questions: [
        {
          id: "db",
          prompt: "Which database?",
          options: [
            { id: "pg", label: "PostgreSQL" },
            { id: "lite", label: "SQLite" },
          ],
        },
        {
          id: "features",
          prompt: "Which features?",
          multiple: true,
          other: true,
          options: [
            { id: "auth", label: "Auth" },
            { id: "search", label: "Search" },
          ],
        },
      ],
    });
    // Each question on your own element (asChild), which counts its renders: the fieldset's
    // parts render inside it, so it renders again exactly when its question does.
    const renders = new Map<string, number>();
    const Counted = ({ id, ...props }: { id: string } & ComponentProps<"fieldset">) => {
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return <fieldset {...props} />;
    };
    const [db, features] = payload.questions;
    if (!db || !features) throw new Error("two questions");
    render(
      <Questions.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        <Questions.Body>
          <Questions.Question question={db} asChild>
            <Counted id="db" />
          </Questions.Question>
          <Questions.Question question={features} asChild>
            <Counted id="features" />
          </Questions.Question>
        </Questions.Body>
      </Questions.Root>,
    );
    renders.clear();
    await user.click(screen.getByRole("checkbox", { name: "Other…" }));
    await user.type(screen.getByRole("textbox", { name: "Your own answer" }), "Audit");
    expect(screen.getByRole("textbox", { name: "Your own answer" })).toHaveValue("Audit");
    expect(renders.get("features")).toBeGreaterThanOrEqual(6);
    expect(renders.has("db")).toBe(false);

    // The other question changes: it renders, and the first stays as it is.
    renders.clear();
    await user.click(screen.getByRole("radio", { name: "SQLite" }));
    expect(screen.getByRole("radio", { name: "SQLite" })).toBeChecked();
    expect(renders.get("db")).toBeGreaterThan(0);
    expect(renders.has("features")).toBe(false);
  });

  it("given an approval's edit step opened, should render the decide row and the edit step again but not the prompt, tool or status", async () => {
    const user = userEvent.setup();
    const payload = {
      kind: "approval" as const,
      toolName: "send_email",
      input: { subject: "Hello" },
      edit: { fields: [{ name: "subject", label: "Subject", type: "text" as const, required: true }] },
    };
    render(
      <Approval.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(Approval)}
        <Part id="tool">
          <Approval.Tool />
        </Part>
        <Part id="actions">
          <Approval.Actions />
        </Part>
        <Part id="edit-step">
          <Approval.EditStep />
        </Part>
      </Approval.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByRole("textbox", { name: /Subject/ })).toBeTruthy();
    expect(commits.get("actions")).toBe(1);
    expect(commits.get("edit-step")).toBe(1);
    expect(["prompt", "status"].filter((part) => commits.has(part))).toEqual([]);
  });

  it("given the fallback's free text typed in, should render the text field again but not the prompt, status or notice", async () => {
    // The fallback tells a developer why a request fell back: expected here.
    const warnings = captureKitWarnings();
    const user = userEvent.setup();
    render(
      <Fallback.Root kind="" reason="unknown-kind" issues={[]} onAnswer={() => undefined} onDecline={() => undefined}>
        <Part id="prompt">
          <Fallback.Prompt>Pick</Fallback.Prompt>
        </Part>
        <Part id="notice">
          <Fallback.Notice />
        </Part>
        <Part id="text">
          <Fallback.FreeText />
        </Part>
        <Part id="status">
          <Fallback.Status />
        </Part>
      </Fallback.Root>,
    );
    commits.clear();
    await user.type(screen.getByRole("textbox", { name: "Your answer" }), "Ada");
    expect(Object.fromEntries(commits)).toEqual({ text: 3, notice: 3 });
    expect(warnings()).toHaveLength(1);
  });

  it("given a question's free text typed in, should render the free text again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    render(
      <Question.Root
        payload={{
          kind: "question",
          options: [
            { id: "eu", label: "Europe" },
            { id: "us", label: "US East" },
          ],
          allowFreeform: true,
        }}
        onSubmit={() => undefined}
        onDecline={() => undefined}
      >
        {shellParts(Question)}
        <Part id="options">
          <Question.Options />
        </Part>
        <Part id="text">
          <Question.FreeText />
        </Part>
      </Question.Root>,
    );
    commits.clear();
    await user.type(screen.getByRole("textbox"), "Oslo");
    expect(commits.get("text")).toBe(4);
    // The options render too: every part reads the one API (no context per part yet).
    expect(["prompt", "status", "decline"].filter((part) => commits.has(part))).toEqual([]);
  });

  it("given a text question typed in, should render the input again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    render(
      <TextQuestion.Root payload={{ kind: "text" }} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(TextQuestion)}
        <Part id="input">
          <TextQuestion.Input />
        </Part>
      </TextQuestion.Root>,
    );
    commits.clear();
    await user.type(screen.getByRole("textbox"), "Oslo");
    expect(commits.get("input")).toBe(4);
    expect(["prompt", "status", "decline"].filter((part) => commits.has(part))).toEqual([]);
  });
});
