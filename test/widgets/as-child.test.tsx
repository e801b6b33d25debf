import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { aspectRatioKind } from "../../src/kinds/aspect-ratio";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { multiSelectKind } from "../../src/kinds/multi-select";
import { questionKind } from "../../src/kinds/native";
import { questionsKind } from "../../src/kinds/questions";
import { templateKind } from "../../src/kinds/template";
import { Approval } from "../../src/widgets/approval/approval";
import { AspectRatioPicker } from "../../src/widgets/aspect-ratio-picker/aspect-ratio-picker";
import { Form } from "../../src/widgets/form/form";
import { MediaPicker } from "../../src/widgets/media-picker/media-picker";
import { MultiSelect } from "../../src/widgets/multi-select/multi-select";
import { Question } from "../../src/widgets/question/question";
import { Questions } from "../../src/widgets/questions/questions";
import { TemplatePicker } from "../../src/widgets/template-picker/template-picker";

/** `asChild` on parts that render one element: your element gets the part's props, class and content. */

const media = mediaKind.request.parse({
  kind: "media",
  items: [{ id: "a", url: "https://example.com/a.png", mediaType: "image", alt: "A" }],
  max: 2,
});
const options = multiSelectKind.request.parse({ kind: "multi-select", options: [{ id: "a", label: "Auth" }] });
const form = formKind.request.parse({ kind: "form", fields: [{ name: "email", label: "Email", type: "email" }] });

describe("asChild", () => {
  it("should put the media picker's Count and Message on your elements, with their live regions and text", () => {
    render(
      <MediaPicker.Root payload={media}>
        <MediaPicker.Count asChild>
          <output className="mine" />
        </MediaPicker.Count>
        <MediaPicker.Message asChild>
          <small />
        </MediaPicker.Message>
      </MediaPicker.Root>,
    );
    const count = screen.getByText(/selected/);
    expect(count.tagName).toBe("OUTPUT");
    expect(count.getAttribute("data-slot")).toBe("count");
    expect(count.className.split(" ").sort()).toEqual(["hitl-media-count", "mine"]);
    const message = document.querySelector('[data-slot="message"]');
    expect(message?.tagName).toBe("SMALL");
    expect(message?.getAttribute("aria-live")).toBe("polite");
  });

  it("should render the form's Fields inside your element", () => {
    render(
      <Form.Root payload={form}>
        <Form.Fields asChild>
          <section aria-label="Your details" />
        </Form.Fields>
      </Form.Root>,
    );
    const fields = screen.getByRole("region", { name: "Your details" });
    expect(fields.getAttribute("data-slot")).toBe("fields");
    expect(fields.querySelector("input[type=email]")).not.toBeNull();
  });
});

const approval = { kind: "approval" as const, toolName: "delete_file", input: { path: "a.md" } };
const ratio = aspectRatioKind.request.parse({ kind: "aspect-ratio", presets: [{ ratio: "1:1", label: "Square" }] });
const buttons = questionKind.request.parse({ kind: "question", options: [{ id: "y", label: "Yes" }] });
const radios = questionKind.request.parse({
  kind: "question",
  options: [
    { id: "k", label: "Keep", description: "Leave it" },
    { id: "d", label: "Drop" },
  ],
});
/** One described option: the radio layout, with one row (a per-option part renders once). */
const oneRadio = questionKind.request.parse({
  kind: "question",
  options: [{ id: "k", label: "Keep", description: "Leave it" }],
});
const set = questionsKind.request.parse({
  kind: "questions",
  questions: [
    { id: "db", prompt: "Which database?", options: [{ id: "pg", label: "PostgreSQL" }] },
    { id: "f", prompt: "Which features?", options: [{ id: "a", label: "Auth" }], multiple: true },
    { id: "why", prompt: "Why?", options: [], other: true },
  ],
});
const templates = templateKind.request.parse({
  kind: "template",
  templates: [{ id: "t", name: "Launch", tags: ["email"], variables: [{ name: "p", label: "Product" }] }],
});
const question = set.questions[0];
const checkboxes = set.questions[1];
const free = set.questions[2];
if (!question || !checkboxes || !free) throw new Error("the question set above has three questions");

/**
 * Every part that renders one element, put on your `<article>`: the part's slot lands on it, with
 * its class beside yours and its content inside. Each row: the widget around the part, the part's
 * slot, and a text its content holds (where it has text of its own).
 */
const mine = <article className="mine" data-testid="mine" />;
type Row = [string, (part: ReactElement) => ReactElement, ReactElement, string, RegExp?];
const row = (...cells: Row): Row => cells;
/** Inside the question's radio form; its group; one option's row (per-option parts render once per option). */
const inRadios = (payload: typeof radios) => (p: ReactElement) => (
  <Question.Root payload={payload}>
    <Question.OptionRadios>{p}</Question.OptionRadios>
  </Question.Root>
);
const inGroup = (p: ReactElement) => inRadios(oneRadio)(<Question.OptionGroup>{p}</Question.OptionGroup>);
const inRow = (payload: typeof radios) => (p: ReactElement) =>
  inRadios(payload)(
    <Question.OptionGroup>
      <Question.OptionRow>{p}</Question.OptionRow>
    </Question.OptionGroup>,
  );
/** Inside the template picker's one card (per-card parts render once per card). */
const inCard = (p: ReactElement) => (
  <TemplatePicker.Root payload={templates}>
    <TemplatePicker.Cards>
      <TemplatePicker.Card>{p}</TemplatePicker.Card>
    </TemplatePicker.Cards>
  </TemplatePicker.Root>
);

/** Inside the media picker's grid, one tile per item (per-tile parts render once per tile). */
const inTile = (p: ReactElement) => (
  <MediaPicker.Root payload={media}>
    <MediaPicker.Grid>
      <MediaPicker.Tile>{p}</MediaPicker.Tile>
    </MediaPicker.Grid>
  </MediaPicker.Root>
);

/** Inside the question set's first question (per-question parts render once per question). */
const inQuestion = (p: ReactElement) => (
  <Questions.Root payload={set}>
    <Questions.Question question={question}>{p}</Questions.Question>
  </Questions.Root>
);

const rows: Row[] = [
  row(
    "the shell's Prompt",
    (p) => <Approval.Root payload={approval}>{p}</Approval.Root>,
    <Approval.Prompt asChild>{mine}</Approval.Prompt>,
    "prompt",
  ),
  row(
    "the shell's Status",
    (p) => (
      <Approval.Root payload={approval} status="submitting">
        {p}
      </Approval.Root>
    ),
    <Approval.Status asChild>{mine}</Approval.Status>,
    "status",
    /Sending/,
  ),
  row(
    "the shell's Actions",
    (p) => <Form.Root payload={form}>{p}</Form.Root>,
    <Form.Actions asChild>{mine}</Form.Actions>,
    "actions",
  ),
  row(
    "the shell's Receipt",
    (p) => (
      <Form.Root payload={form} status="withdrawn">
        {p}
      </Form.Root>
    ),
    <Form.Receipt asChild>{mine}</Form.Receipt>,
    "receipt",
  ),
  row(
    "the shell's form (a widget's Body)",
    (p) => <Form.Root payload={form}>{p}</Form.Root>,
    <Form.Body asChild>
      <article className="mine" data-testid="mine">
        x
      </article>
    </Form.Body>,
    "form",
  ),
  row(
    "the approval's Tool",
    (p) => <Approval.Root payload={approval}>{p}</Approval.Root>,
    <Approval.Tool asChild>{mine}</Approval.Tool>,
    "tool",
    /Delete file/,
  ),
  row(
    "the approval's Approve",
    (p) => <Approval.Root payload={approval}>{p}</Approval.Root>,
    <Approval.Approve asChild>{mine}</Approval.Approve>,
    "approve",
    /Approve/,
  ),
  row(
    "the approval's Actions",
    (p) => <Approval.Root payload={approval}>{p}</Approval.Root>,
    <Approval.Actions asChild>{mine}</Approval.Actions>,
    "actions",
    /Approve/,
  ),
  row(
    "the aspect-ratio picker's Shape",
    (p) => <AspectRatioPicker.Root payload={ratio}>{p}</AspectRatioPicker.Root>,
    <AspectRatioPicker.Shape ratio="1:1" asChild>
      {mine}
    </AspectRatioPicker.Shape>,
    "shape-frame",
  ),
  row(
    "the aspect-ratio picker's Summary",
    (p) => (
      <AspectRatioPicker.Root payload={ratio} status="answered">
        {p}
      </AspectRatioPicker.Root>
    ),
    <AspectRatioPicker.Summary answer={{ ratio: "1:1", width: 1, height: 1 }} asChild>
      {mine}
    </AspectRatioPicker.Summary>,
    "summary",
    /Square/,
  ),
  row(
    "the question's OptionButtons",
    (p) => <Question.Root payload={buttons}>{p}</Question.Root>,
    <Question.OptionButtons asChild>{mine}</Question.OptionButtons>,
    "option-buttons",
    /Yes/,
  ),
  row(
    "the question's OptionRadios",
    (p) => <Question.Root payload={radios}>{p}</Question.Root>,
    <Question.OptionRadios asChild>{mine}</Question.OptionRadios>,
    "option-form",
    /Leave it/,
  ),
  row(
    "the question's OptionButton",
    (p) => (
      <Question.Root payload={buttons}>
        <Question.OptionButtons>{p}</Question.OptionButtons>
      </Question.Root>
    ),
    <Question.OptionButton asChild>{mine}</Question.OptionButton>,
    "option",
    /Yes/,
  ),
  row(
    "the question's OptionRow",
    inGroup,
    <Question.OptionRow asChild>{mine}</Question.OptionRow>,
    "option",
    /Leave it/,
  ),
  row(
    "the question's OptionLabel",
    inRow(oneRadio),
    <Question.OptionLabel asChild>{mine}</Question.OptionLabel>,
    "option-label",
    /Keep/,
  ),
  row(
    "the question's OptionDescription",
    inRow(radios),
    <Question.OptionDescription asChild>{mine}</Question.OptionDescription>,
    "option-description",
    /Leave it/,
  ),
  row(
    "the question's OptionSubmit",
    inRadios(radios),
    <Question.OptionSubmit asChild>{mine}</Question.OptionSubmit>,
    "submit",
    /Submit/,
  ),
  row(
    "the question's OptionGroup (a radio group)",
    inRadios(oneRadio),
    <Question.OptionGroup asChild>{mine}</Question.OptionGroup>,
    "options",
    /Leave it/,
  ),
  row(
    "the question's OptionRadio (a radio)",
    inRow(oneRadio),
    <Question.OptionRadio asChild>{mine}</Question.OptionRadio>,
    "option-control",
  ),
  row(
    "the aspect-ratio picker's Options (a radio group)",
    (p) => <AspectRatioPicker.Root payload={ratio}>{p}</AspectRatioPicker.Root>,
    <AspectRatioPicker.Options asChild>{mine}</AspectRatioPicker.Options>,
    "options",
    /Square/,
  ),
  row(
    "the question's Summary",
    (p) => (
      <Question.Root payload={buttons} status="answered">
        {p}
      </Question.Root>
    ),
    <Question.Summary answer={{ optionId: "y" }} asChild>
      {mine}
    </Question.Summary>,
    "summary",
    /Yes/,
  ),
  row(
    "the question set's QuestionList",
    (p) => <Questions.Root payload={set}>{p}</Questions.Root>,
    <Questions.QuestionList asChild>{mine}</Questions.QuestionList>,
    "questions",
    /Which database/,
  ),
  row(
    "the question set's Question",
    (p) => <Questions.Root payload={set}>{p}</Questions.Root>,
    <Questions.Question question={question} asChild>
      {mine}
    </Questions.Question>,
    "question",
    /PostgreSQL/,
  ),
  row(
    "the question set's CheckboxOptions",
    (p) => <Questions.Root payload={set}>{p}</Questions.Root>,
    <Questions.CheckboxOptions question={checkboxes} asChild>
      {mine}
    </Questions.CheckboxOptions>,
    "options",
    /Auth/,
  ),
  row(
    "the question set's OtherInput",
    (p) => <Questions.Root payload={set}>{p}</Questions.Root>,
    <Questions.OtherInput question={free} asChild>
      <textarea className="mine" data-testid="mine" />
    </Questions.OtherInput>,
    "other-input",
  ),
  row(
    "the question set's QuestionLegend",
    inQuestion,
    <Questions.QuestionLegend asChild>{mine}</Questions.QuestionLegend>,
    "question-legend",
    /PostgreSQL|Which/,
  ),
  row(
    "the question set's QuestionOption",
    (p) => inQuestion(<Questions.QuestionOptions>{p}</Questions.QuestionOptions>),
    <Questions.QuestionOption asChild>{mine}</Questions.QuestionOption>,
    "option",
  ),
  row(
    "the question set's Summary",
    (p) => (
      <Questions.Root payload={set} status="answered">
        {p}
      </Questions.Root>
    ),
    <Questions.Summary answer={{ answers: { db: { selected: ["pg"] } } }} asChild>
      {mine}
    </Questions.Summary>,
    "summary",
    /PostgreSQL/,
  ),
  row(
    "the template picker's Search",
    (p) => <TemplatePicker.Root payload={templates}>{p}</TemplatePicker.Root>,
    <TemplatePicker.Search asChild>{mine}</TemplatePicker.Search>,
    "search",
  ),
  row(
    "the template picker's Tags",
    (p) => <TemplatePicker.Root payload={templates}>{p}</TemplatePicker.Root>,
    <TemplatePicker.Tags asChild>{mine}</TemplatePicker.Tags>,
    "tags",
    /email/,
  ),
  row(
    "the template picker's Count",
    (p) => <TemplatePicker.Root payload={templates}>{p}</TemplatePicker.Root>,
    <TemplatePicker.Count asChild>{mine}</TemplatePicker.Count>,
    "count",
    /1 template/,
  ),
  row(
    "the template picker's Variables",
    (p) => (
      <TemplatePicker.Root payload={templates} defaultValue={{ templateId: "t", variables: {} }}>
        {p}
      </TemplatePicker.Root>
    ),
    <TemplatePicker.Variables asChild>{mine}</TemplatePicker.Variables>,
    "variables",
    /Product/,
  ),
  row(
    "the template picker's Summary",
    (p) => (
      <TemplatePicker.Root
        payload={templates}
        status="answered"
        answer={{ templateId: "t", variables: { p: "Gizmo" } }}
      >
        {p}
      </TemplatePicker.Root>
    ),
    <TemplatePicker.Summary asChild>{mine}</TemplatePicker.Summary>,
    "receipt-template",
    /Launch/,
  ),
  row(
    "the template picker's CardName",
    inCard,
    <TemplatePicker.CardName asChild>{mine}</TemplatePicker.CardName>,
    "card-name",
    /Launch/,
  ),
  row(
    "the template picker's CardDetails",
    inCard,
    <TemplatePicker.CardDetails asChild>{mine}</TemplatePicker.CardDetails>,
    "card-details",
    /email/,
  ),
  row(
    "the template picker's CardTags",
    inCard,
    <TemplatePicker.CardTags asChild>{mine}</TemplatePicker.CardTags>,
    "card-tags",
    /email/,
  ),
  row(
    "the template picker's Empty",
    (p) => <TemplatePicker.Root payload={templates}>{p}</TemplatePicker.Root>,
    <TemplatePicker.Empty asChild>{mine}</TemplatePicker.Empty>,
    "empty",
    /Clear filters/,
  ),
  row(
    "the template picker's EmptyText",
    (p) => <TemplatePicker.Root payload={templates}>{p}</TemplatePicker.Root>,
    <TemplatePicker.EmptyText asChild>{mine}</TemplatePicker.EmptyText>,
    "empty-text",
    /No templates match/,
  ),
  row(
    "the template picker's ClearFilters",
    (p) => <TemplatePicker.Root payload={templates}>{p}</TemplatePicker.Root>,
    <TemplatePicker.ClearFilters asChild>{mine}</TemplatePicker.ClearFilters>,
    "clear-filters",
    /Clear filters/,
  ),
  row(
    "the aspect-ratio picker's OptionLabel",
    (p) => (
      <AspectRatioPicker.Root payload={ratio}>
        <AspectRatioPicker.Options>
          <AspectRatioPicker.Option>{p}</AspectRatioPicker.Option>
        </AspectRatioPicker.Options>
      </AspectRatioPicker.Root>
    ),
    <AspectRatioPicker.OptionLabel asChild>{mine}</AspectRatioPicker.OptionLabel>,
    "option-label",
    /Square/,
  ),
  row(
    "the aspect-ratio picker's CustomLabel",
    (p) => (
      <AspectRatioPicker.Root payload={ratio}>
        <AspectRatioPicker.CustomField side="width">{p}</AspectRatioPicker.CustomField>
      </AspectRatioPicker.Root>
    ),
    <AspectRatioPicker.CustomLabel asChild>{mine}</AspectRatioPicker.CustomLabel>,
    "custom-label",
    /Width/,
  ),
  row(
    "the multi-select's Option",
    (p) => (
      <MultiSelect.Root payload={options}>
        <MultiSelect.List>{p}</MultiSelect.List>
      </MultiSelect.Root>
    ),
    <MultiSelect.Option asChild>{mine}</MultiSelect.Option>,
    "option",
  ),
  row(
    "the media picker's Tile",
    (p) => (
      <MediaPicker.Root payload={media}>
        <MediaPicker.Grid>{p}</MediaPicker.Grid>
      </MediaPicker.Root>
    ),
    <MediaPicker.Tile asChild>{mine}</MediaPicker.Tile>,
    "cell",
  ),
  row("the media picker's TileOption", inTile, <MediaPicker.TileOption asChild>{mine}</MediaPicker.TileOption>, "item"),
  row(
    "the media picker's PreviewCaption",
    (p) => <MediaPicker.Root payload={media}>{p}</MediaPicker.Root>,
    <MediaPicker.PreviewCaption asChild>{mine}</MediaPicker.PreviewCaption>,
    "preview-caption",
    /A/,
  ),
  row(
    "the media picker's Preview",
    (p) => <MediaPicker.Root payload={media}>{p}</MediaPicker.Root>,
    <MediaPicker.Preview asChild>{mine}</MediaPicker.Preview>,
    "preview",
    /A/,
  ),
];

describe.each(rows)("asChild on %s", (_name, around, part, slot, text) => {
  it("should put the part's slot, class and content on your element", () => {
    render(around(part));
    const element = screen.getByTestId("mine");
    expect(element.getAttribute("data-slot")).toBe(slot);
    expect(element.classList.contains("mine")).toBe(true);
    expect([...element.classList].some((name) => name.startsWith("hitl-"))).toBe(true);
    if (text) expect(element.textContent).toMatch(text);
  });
});

describe("asChild on the shell's Issues", () => {
  it("should list the answer's problems in your element once a submit finds them", async () => {
    const required = formKind.request.parse({
      kind: "form",
      fields: [{ name: "name", label: "Name", type: "text", required: true }],
    });
    render(
      <Form.Root payload={required} onSubmit={vi.fn()}>
        <Form.Body>
          <Form.Issues asChild>
            <aside className="mine" data-testid="mine" />
          </Form.Issues>
          <Form.Submit />
        </Form.Body>
      </Form.Root>,
    );
    expect(screen.queryByTestId("mine")).toBeNull(); // nothing to say before a submit
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    const issues = screen.getByTestId("mine");
    expect(issues.tagName).toBe("ASIDE");
    expect(issues.getAttribute("data-slot")).toBe("issues");
    expect(issues.getAttribute("role")).toBe("alert");
    expect(issues.textContent).toMatch(/Name/);
  });
});

describe("asChild on a button part", () => {
  it("should run your handler and the part's, and answer once", async () => {
    const onSubmit = vi.fn();
    const onClick = vi.fn();
    render(
      <Approval.Root payload={approval} onSubmit={onSubmit}>
        <Approval.Approve asChild>
          <button type="button" className="mine" onClick={onClick}>
            Yes, delete it
          </button>
        </Approval.Approve>
      </Approval.Root>,
    );
    const link = screen.getByRole("button", { name: "Yes, delete it" });
    await userEvent.dblClick(link);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ decision: "approve" });
  });
});

describe("asChild on a radio group's parts", () => {
  it("should give your elements the roles, tab stop and keys of the group, and answer with the one checked", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Question.Root payload={radios} onSubmit={onSubmit}>
        <Question.OptionRadios>
          <Question.OptionGroup asChild>
            <ul className="mine" />
          </Question.OptionGroup>
          <Question.OptionSubmit />
        </Question.OptionRadios>
      </Question.Root>,
    );
    expect(screen.getByRole("radiogroup").tagName).toBe("UL");
    const [keep, drop] = screen.getAllByRole("radio") as [HTMLElement, HTMLElement];
    expect(keep).toHaveAccessibleName("Keep");
    expect(keep).toHaveAttribute("tabindex", "0");
    expect(drop).toHaveAttribute("tabindex", "-1");
    await user.click(keep);
    await user.keyboard("{ArrowDown}");
    expect(drop).toBeChecked();
    expect(drop).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ optionId: "d" });
  });

  it("should make your element the radio itself: checked by Space, the dot inside it", async () => {
    const user = userEvent.setup();
    render(
      <Question.Root payload={oneRadio}>
        <Question.OptionRadios>
          <Question.OptionGroup>
            <Question.OptionRow>
              <Question.OptionRadio asChild>
                <span className="mine" />
              </Question.OptionRadio>
              <Question.OptionLabel />
            </Question.OptionRow>
          </Question.OptionGroup>
        </Question.OptionRadios>
      </Question.Root>,
    );
    const radio = screen.getByRole("radio", { name: "Keep" });
    expect(radio.tagName).toBe("SPAN");
    expect(radio).not.toHaveAttribute("type");
    expect(radio.className.split(" ").sort()).toEqual(["hitl-radio", "mine"]);
    await user.tab();
    expect(radio).toHaveFocus();
    await user.keyboard(" ");
    expect(radio).toBeChecked();
    expect(radio.querySelector(".hitl-radio-indicator")).not.toBeNull();
  });
});
