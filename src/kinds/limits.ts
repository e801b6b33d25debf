/*
 * Every limit the kit applies to untrusted input, in one place to read (the table in
 * SECURITY.md): the payload limits below, and, re-exported here, the ones that live in layers
 * below the kinds (answers, issues) and in the MCP adapter's schema reader.
 */
export { MAX_ANSWER_TEXT_LENGTH, MAX_REASON_LENGTH } from "../core/answer";
export { MAX_ISSUE_MESSAGE_LENGTH, MAX_ISSUE_PATH_LENGTH, MAX_ISSUES } from "../core/issues";

/** Properties one MCP elicitation may ask for (the form kind's own field limit is higher). */
export const MAX_ELICIT_PROPERTIES = 100;
/** Choices in one MCP enum property. */
export const MAX_ELICIT_CHOICES = 1_000;

/**
 * Payload limits shared by the built-in kinds. Payloads come from a model (and answers from a
 * browser), so every list and string is bounded: an over-limit payload fails validation with a
 * readable issue instead of freezing the page or the server.
 */

/** Items, options or templates in one payload: more than a person can review, and keeps lists fast. */
export const MAX_ITEMS = 10_000;
/** An id is a key, not content; also eve's own limit for an `optionId`. */
export const MAX_ID_LENGTH = 256;
/** A label or name is one line on screen. */
export const MAX_LABEL_LENGTH = 500;
/** A description or help text is a paragraph or two, not a document. */
export const MAX_DESCRIPTION_LENGTH = 5_000;
/** Enough for small `data:image` thumbnails; a hostile megabyte string cannot freeze a page. */
export const MAX_URL_LENGTH = 8_192;
/** Tags are for filtering a gallery, not for prose. */
export const MAX_TAGS = 50;
/** A template with more variables than this is a form; use the form kind. */
export const MAX_TEMPLATE_VARIABLES = 100;
/** A form longer than this is not something a person fills in inside a chat. */
export const MAX_FORM_FIELDS = 500;
/** Aspect-ratio presets: a row of buttons, not a list. */
export const MAX_ASPECT_RATIO_PRESETS = 100;
/** A field or variable name is a short key (it becomes a property of the answer). */
export const MAX_NAME_LENGTH = 100;
/** A regex source in a form field; long enough for real validation, short enough to read. */
export const MAX_PATTERN_LENGTH = 500;
/** A search a request starts a remote collection with (`source.query`), or a person types into one. */
export const MAX_SOURCE_QUERY_LENGTH = 500;
/** Items one page of a remote collection may hold; a longer page is refused as malformed. */
export const MAX_PAGE_ITEMS = 1_000;
/** Longest cursor a collection's loader may hand back (it travels back to the loader, nowhere else). */
export const MAX_CURSOR_LENGTH = 4_096;
/**
 * The question shown above a widget: a few sentences. Every way a request arrives (a picker
 * tool's input, an interrupt, an elicitation, a suspension, a permission prompt) is held to it;
 * a picker tool refuses a longer one, the adapters cut it.
 */
export const MAX_PROMPT_LENGTH = 2_000;
/** Free text a person types (question/text answers, form and template values): keeps an answer small. */
export const MAX_TEXT_LENGTH = 10_000;

/** Options in all the fields of one form together (each field may have `MAX_ITEMS`). */
export const MAX_FORM_OPTIONS = 10_000;
/** Variables in all the templates of one request together. */
export const MAX_TEMPLATE_VARIABLES_TOTAL = 10_000;
