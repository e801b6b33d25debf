"use client";
import { makeAssistantToolUI, type ToolCallMessagePartProps, useAssistantToolUI } from "@assistant-ui/react";
import { HitlRenderer } from "../../react/renderer";
import { Fallback } from "../../widgets/fallback/fallback";

/**
 * A picker tool call (or a tool call waiting for approval) in assistant-ui's thread: the kit's
 * widget for the call while it waits, its receipt once it has a result — after a reload too, read
 * from the result in the messages. It answers through the `HitlProvider` above the thread (its
 * transport from `useAssistantUiHitl`) and never calls the tool UI's `addResult`: the kit's gate
 * is the one path a result takes, so no call gets two. Usable as a tool UI's `render`, or in
 * `MessagePrimitive.Parts`'s `components.tools.by_name`.
 */
export function HitlToolCall({ toolCallId }: Pick<ToolCallMessagePartProps, "toolCallId">) {
  return <HitlRenderer callId={toolCallId} fallback={Fallback} />;
}

export interface HitlToolUIOptions {
  /**
   * Where assistant-ui shows the call: `standalone` keeps it out of a collapsed chain of thought,
   * which suits a question to the person. @default "standalone"
   */
  readonly display?: "standalone" | "inline";
}

/** `makeAssistantToolUI` for one tool: render the component to register `HitlToolCall` for it. */
export function hitlToolUI(toolName: string, { display = "standalone" }: HitlToolUIOptions = {}) {
  return makeAssistantToolUI({ toolName, render: HitlToolCall, display });
}

export interface HitlToolUIsProps extends HitlToolUIOptions {
  /** The tools whose calls the kit answers: the picker tools, and tools behind the AI SDK's approval. */
  readonly toolNames: readonly string[];
}

/** Registers `HitlToolCall` as the tool UI of each tool in `toolNames` while mounted. */
export function HitlToolUIs({ toolNames, display = "standalone" }: HitlToolUIsProps) {
  return toolNames.map((toolName) => <ToolUI key={toolName} toolName={toolName} display={display} />);
}

function ToolUI({ toolName, display }: { toolName: string; display: "standalone" | "inline" }) {
  useAssistantToolUI({ toolName, render: HitlToolCall, display });
  return null;
}
