"use client";
import { questionKind, textKind } from "../../kinds/native";
import { widget } from "../../react/registry";
import { Question } from "./question";
import { TextQuestion } from "./text-question";

/**
 * hitl-kit/widgets/question — the transport's own questions (`question`: options and free text;
 * `text`: free text): their registry entries (the components themselves come from
 * `hitl-kit/widgets`). The default registry loads this module the first time such a request
 * arrives.
 */
export const question = widget(questionKind, Question);
export const text = widget(textKind, TextQuestion);
