export {
  type ExpectedAnswer,
  expectAnswer,
  expectNothingSent,
  expectOneEnvelope,
  parseEnvelope,
  type ReceivedAnswer,
} from "./answers";
export { BrokenChart, brokenChartRegistry, CHART_CRASH, chartKind, quietCrashes } from "./broken";
export { sendText } from "./interaction";
export { receiptItems, receiptValues } from "./receipts";
export { StoryFallback, storyRegistry } from "./registry";
export {
  approvalRequest,
  createScenario,
  expectNoDuplicates,
  expectOneAnswer,
  type HitlScenario,
  HitlStory,
  type HitlStoryArgs,
  type HitlStoryParameters,
  type HitlStoryProps,
  hitlLoader,
  hitlMeta,
  type PayloadOf,
  pickerRequest,
  questionRequest,
  rawPickerRequest,
  StoryRenderer,
  type StoryRequest,
  type StoryState,
  scenarioOf,
  storyHitl,
  storyStates,
} from "./scenario";
export {
  CANCELLED_TEXT,
  type Control,
  RESPONDED_TEXT,
  SEND_ERROR_TEXT,
  type StateCheck,
  type StatePlays,
  type StatePlaysOptions,
  type StateScene,
  SUBMITTING_TEXT,
  statePlays,
} from "./states";
