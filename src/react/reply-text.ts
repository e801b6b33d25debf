"use client";
import { createContext, useContext } from "react";

/**
 * The words a person answered with when the answer was not the widget's structured value: a
 * chat message that the server took as the answer. Receipts show these instead of an empty selection.
 */
export const ReplyTextContext = createContext<string | undefined>(undefined);

export function useReplyText(): string | undefined {
  return useContext(ReplyTextContext);
}
