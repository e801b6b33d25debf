"use client";
import { questionKind, textKind } from "../../kinds/native";
import { widget } from "../../react/registry";
import { Question, TextQuestion } from "./question";

/**
 * hitl-kit/widgets/question — the transport's own questions (`question`: options and free text;
 * `text`: free text): their registry entries and components. The default registry loads this
 * module the first time such a request arrives.
 */
export { Question, type QuestionProps, TextQuestion, type TextQuestionProps } from "./question";

export const question = widget(questionKind, Question);
export const text = widget(textKind, TextQuestion);
