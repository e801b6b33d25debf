/** hitl-kit/server — no React: picker tool schemas, the ask-and-parse helper, a transcript guard. */
export {
  type AskAnswer,
  type AskContext,
  askPicker,
  MAX_PROMPT_LENGTH,
  type PickerInput,
  type PickerResult,
  pickerInputSchema,
  readAnswer,
} from "./picker";
export { checkTranscript, countToolResults, type TranscriptProblem } from "./transcript";
