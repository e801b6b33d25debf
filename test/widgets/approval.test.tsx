import { render, screen, within } from "@testing-library/react";
import type { ApprovalResponse } from "../../src/widgets/approval/approval";
import { Approval } from "../../src/widgets/approval/approval";
import { briefJson } from "../../src/widgets/shared/readable-value";
import { renderWidget } from "./helpers";

const payload = { kind: "approval" as const, toolName: "delete_file", input: { path: "notes/old.md", force: true } };

function setup(status: Parameters<typeof Approval>[0]["status"] = "open") {
  return renderWidget<ApprovalResponse>((handlers) => (
    <Approval payload={payload} prompt="Delete notes/old.md?" status={status} {...handlers} />
  ));
}

describe("Approval", () => {
  it("given a tool call, should name the tool and show its input readably", () => {
    setup();
    const group = screen.getByRole("group", { name: "Delete notes/old.md?" });
    expect(within(group).getByText("Delete file")).toBeInTheDocument();
    expect(within(group).getByText("notes/old.md")).toBeInTheDocument();
    expect(within(group).getByText("Force")).toBeInTheDocument();
  });

  it("given a double click on Approve, should approve once", async () => {
    const { user, onSubmit } = setup();
    await user.dblClick(screen.getByRole("button", { name: "Approve" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ decision: "approve" });
  });

  it("given Enter on Approve from the keyboard, should approve once", async () => {
    const { user, onSubmit } = setup();
    await user.tab();
    expect(screen.getByRole("button", { name: "Approve" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledWith({ decision: "approve" });
  });

  it("given Deny, a note and a double click on the confirming Deny, should deny once with the note", async () => {
    const { user, onDecline, onSubmit } = setup();
    await user.click(screen.getByRole("button", { name: "Deny" }));
    const note = screen.getByLabelText("Note for the agent (optional)");
    expect(note).toHaveFocus();
    await user.keyboard("Not that file");
    await user.dblClick(screen.getByRole("button", { name: "Deny" }));
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith("Not that file");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("given Deny without a note and Enter, should deny once with no note", async () => {
    const { user, onDecline } = setup();
    await user.click(screen.getByRole("button", { name: "Deny" }));
    await user.keyboard("{Enter}{Enter}");
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith(undefined);
  });

  it("given a denial with a note, should show the denied receipt with the note and no buttons", () => {
    renderWidget<ApprovalResponse>((handlers) => (
      <Approval
        payload={payload}
        prompt="Delete notes/old.md?"
        status="denied"
        answer={{ decision: "deny", note: "keep it" }}
        {...handlers}
      />
    ));
    expect(screen.getByText("Denied")).toBeInTheDocument();
    expect(screen.getByText(/keep it/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
  });
});

describe("Approval with an edit step (LangChain's HITL review)", () => {
  const editable = {
    kind: "approval" as const,
    toolName: "send_email",
    input: { to: "ada@example.com", subject: "Hello" },
    decisions: ["approve", "edit"] as ("approve" | "deny" | "edit")[],
    edit: {
      fields: [
        { type: "email" as const, name: "to", label: "To", required: true, default: "ada@example.com" },
        { type: "text" as const, name: "subject", label: "Subject", required: true, default: "Hello" },
      ],
    },
  };

  it("given Edit, changed fields and a double click on the run button, should send one edit with the values", async () => {
    const { user, onSubmit } = renderWidget<ApprovalResponse>((handlers) => (
      <Approval payload={editable} prompt="Send the email?" {...handlers} />
    ));
    // "deny" is not offered: no Deny button.
    expect(screen.queryByRole("button", { name: "Deny" })).toBeNull();
    const group = screen.getByRole("group", { name: "Send the email?" });
    expect(group).toHaveAttribute("data-step", "decide");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    // The edit step stands where the decide row was; the root says which step shows.
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(group).toHaveAttribute("data-step", "edit");
    const subject = screen.getByLabelText(/Subject/);
    expect(subject).toHaveValue("Hello");
    await user.clear(subject);
    await user.type(subject, "Hello again");
    await user.dblClick(screen.getByRole("button", { name: "Run with these changes" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      decision: "edit",
      input: { to: "ada@example.com", subject: "Hello again" },
    });
  });

  it("given an emptied required field, should show the issue and send nothing; Back returns to the decisions", async () => {
    const { user, onSubmit } = renderWidget<ApprovalResponse>((handlers) => (
      <Approval payload={editable} prompt="Send the email?" {...handlers} />
    ));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.clear(screen.getByLabelText(/Subject/));
    await user.click(screen.getByRole("button", { name: "Run with these changes" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(/Required/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Send the email?" })).toHaveAttribute("data-step", "decide");
  });

  it("given an approval with changes, should show the edited receipt with the new values", () => {
    renderWidget<ApprovalResponse>((handlers) => (
      <Approval
        payload={editable}
        prompt="Send the email?"
        status="approved"
        answer={{ decision: "edit", input: { to: "ada@example.com", subject: "Hello again" } }}
        {...handlers}
      />
    ));
    expect(screen.getByText("Approved with changes")).toBeInTheDocument();
    expect(screen.getByText("Hello again")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });
});

describe("Approval with an approve-always offer (the Claude Agent SDK's permission suggestions)", () => {
  const remembered = {
    ...payload,
    always: { label: "Always allow in this project" },
  };

  it("given the offer, should show its button after Approve and send one approve with always, double-clicked", async () => {
    const { user, onSubmit } = renderWidget<ApprovalResponse>((handlers) => (
      <Approval payload={remembered} prompt="Delete notes/old.md?" {...handlers} />
    ));
    await user.tab();
    expect(screen.getByRole("button", { name: "Approve" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Always allow in this project" })).toHaveFocus();
    await user.dblClick(screen.getByRole("button", { name: "Always allow in this project" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ decision: "approve", always: true });
  });

  it("given no offer, should show no such button; given the answer, should quote the offer in the receipt", () => {
    const first = setup();
    expect(screen.queryByRole("button", { name: /always/i })).toBeNull();
    first.unmount();
    renderWidget<ApprovalResponse>((handlers) => (
      <Approval
        payload={remembered}
        prompt="Delete notes/old.md?"
        status="approved"
        answer={{ decision: "approve", always: true }}
        {...handlers}
      />
    ));
    expect(screen.getByText("Approved: Always allow in this project")).toBeInTheDocument();
  });
});

describe("Approval with hostile tool input", () => {
  function deep(levels: number): Record<string, unknown> {
    let node: Record<string, unknown> = { leaf: "bottom" };
    for (let i = 0; i < levels; i++) node = { next: node };
    return node;
  }

  it("given input nested 10,000 levels deep, should render a bounded preview instead of throwing", () => {
    render(<Approval payload={{ kind: "approval", toolName: "run", input: deep(10_000) }} prompt="Run it?" />);
    const group = screen.getByRole("group", { name: "Run it?" });
    expect(within(group).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(group.querySelectorAll("dl").length).toBeLessThanOrEqual(5);
    expect(group.textContent?.length ?? 0).toBeLessThan(2_000);
  });

  // Building a million keys takes seconds under load: its own timeout, not the default 5 s.
  it("given input with a million keys and megabyte strings, should show a bounded part of it", {
    timeout: 20_000,
  }, () => {
    const input: Record<string, unknown> = {};
    for (let i = 0; i < 1_000_000; i++) input[`k${i}`] = i;
    input.blob = "x".repeat(2_000_000);
    render(<Approval payload={{ kind: "approval", toolName: "run", input }} prompt="Run it?" />);
    const group = screen.getByRole("group", { name: "Run it?" });
    expect(within(group).getByText("999951 more")).toBeInTheDocument();
    expect(group.textContent?.length ?? 0).toBeLessThan(5_000);
  });
});

describe("briefJson", () => {
  it("given values of every shape, should stay within its budget and never throw", () => {
    const small = { a: [1, "two", { b: null }] };
    expect(briefJson(small)).toBe(JSON.stringify(small));
    expect(briefJson({ a: { b: { c: { d: 1 } } } })).toBe('{"a":{"b":{"c":{…}}}}');
    expect(briefJson("x".repeat(10_000)).length).toBeLessThanOrEqual(501);
    expect(briefJson(Array.from({ length: 100_000 }, (_, i) => i)).length).toBeLessThanOrEqual(501);
  });
});
