/**
 * The payloads the scripted model sends, one per trigger phrase. Realistic, self-contained, and
 * network-free: every URL is a same-origin path served by the playground (`/media`, `/voices`).
 */

/** The 24 generated images in `playground/public/media/` (see `playground/scripts/generate-assets.mjs`). */
export const MEDIA = [
  ["alpine-lake", "An alpine lake under snowy peaks at dawn"],
  ["desert-dunes", "Orange sand dunes under a pale sky"],
  ["northern-lights", "Green northern lights over a dark ridge"],
  ["ocean-sunset", "A red sun setting over a calm ocean"],
  ["forest-mist", "Pine trees fading into morning mist"],
  ["rolling-hills", "Green rolling hills on a summer afternoon"],
  ["city-night", "A city skyline with lit windows at night"],
  ["harbor-boats", "Sailing boats moored in a blue harbor"],
  ["lighthouse", "A striped lighthouse on a rocky cape"],
  ["hot-air-balloons", "Hot-air balloons rising over a valley"],
  ["autumn-road", "A road winding through orange autumn trees"],
  ["tropical-beach", "A palm tree on a turquoise beach"],
  ["volcano", "A volcano glowing under a purple dusk sky"],
  ["waterfall", "A tall waterfall between mossy cliffs"],
  ["wheat-field", "A golden wheat field under a blue sky"],
  ["starry-desert", "A starry night sky over desert mesas"],
  ["coffee-cup", "A cup of coffee on a wooden table"],
  ["potted-plant", "A potted monstera plant by a window"],
  ["bicycle", "A red bicycle leaning against a wall"],
  ["camera", "A vintage film camera"],
  ["headphones", "A pair of over-ear headphones"],
  ["mountain-cabin", "A wooden cabin beneath a mountain"],
  ["sailboat-regatta", "Colourful sailboats racing on open water"],
  ["moon-over-sea", "A full moon over a dark sea"],
] as const;

export const MEDIA_WIDTH = 640;
export const MEDIA_HEIGHT = 480;

export function mediaPayload() {
  return {
    prompt: "Pick up to three images for the campaign banner",
    ui: {
      kind: "media",
      items: MEDIA.map(([id, alt]) => ({
        id,
        url: `/media/${id}.svg`,
        alt,
        mediaType: "image",
        width: MEDIA_WIDTH,
        height: MEDIA_HEIGHT,
      })),
      min: 1,
      max: 3,
    },
  };
}

/**
 * A pick from the app's 100,000-image library: the model names the collection (`source`) instead
 * of listing items; the page's loader (`/api/library`) pages and searches it.
 */
export function libraryPayload() {
  return {
    prompt: "Pick up to three images from the library for the moodboard",
    ui: { kind: "media", source: { id: "library" }, min: 1, max: 3 },
  };
}

export function templatePayload() {
  return {
    prompt: "Which template should I use for the announcement?",
    ui: {
      kind: "template",
      templates: [
        {
          id: "product-launch",
          name: "Product launch",
          description: "Announce a new product with a headline, a short pitch and a call to action.",
          previewUrl: "/media/hot-air-balloons.svg",
          tags: ["marketing", "email"],
          variables: [
            { name: "productName", label: "Product name", required: true, placeholder: "Acme Rocket" },
            { name: "launchDate", label: "Launch date", placeholder: "March 3" },
            { name: "pitch", label: "One-line pitch", multiline: true, maxLength: 280 },
          ],
        },
        {
          id: "weekly-newsletter",
          name: "Weekly newsletter",
          description: "Three stories, a tip of the week and a sign-off.",
          previewUrl: "/media/coffee-cup.svg",
          tags: ["newsletter", "email"],
          variables: [{ name: "issueNumber", label: "Issue number", required: true, default: "42" }],
        },
        {
          id: "event-invite",
          name: "Event invitation",
          description: "Invite people to a meetup or webinar, with date, place and RSVP link.",
          previewUrl: "/media/city-night.svg",
          tags: ["events"],
          variables: [
            { name: "eventName", label: "Event name", required: true },
            { name: "venue", label: "Venue", placeholder: "Online" },
          ],
        },
        {
          id: "release-notes",
          name: "Release notes",
          description: "What's new, what's fixed, and what's next.",
          tags: ["product", "changelog"],
          variables: [{ name: "version", label: "Version", required: true, placeholder: "2.4.0" }],
        },
        {
          id: "customer-story",
          name: "Customer story",
          description: "A short case study: the challenge, the solution, the result.",
          previewUrl: "/media/mountain-cabin.svg",
          tags: ["marketing", "blog"],
        },
        {
          id: "thank-you",
          name: "Thank-you note",
          description: "A warm, short note to thank a customer or a colleague.",
          tags: ["email", "personal"],
          variables: [{ name: "recipient", label: "Recipient", placeholder: "Sam" }],
        },
        {
          id: "job-posting",
          name: "Job posting",
          description: "Role, team, responsibilities and how to apply.",
          previewUrl: "/media/bicycle.svg",
          tags: ["hiring"],
          variables: [
            { name: "role", label: "Role", required: true },
            { name: "team", label: "Team" },
          ],
        },
      ],
    },
  };
}

export function aspectRatioPayload() {
  return {
    prompt: "Which aspect ratio should the video have?",
    ui: {
      kind: "aspect-ratio",
      presets: [
        { ratio: "1:1", label: "Square" },
        { ratio: "4:3", label: "Standard" },
        { ratio: "3:2", label: "Photo" },
        { ratio: "16:9", label: "Widescreen" },
        { ratio: "9:16", label: "Story" },
        { ratio: "21:9", label: "Cinema" },
      ],
      custom: { min: 0.25, max: 4 },
    },
  };
}

export function tagsPayload() {
  const group = (name: string, labels: readonly string[]) =>
    labels.map((label) => ({ id: label.toLowerCase().replace(/[^a-z0-9]+/g, "-"), label, group: name }));
  const options = [
    ...group("Topic", ["Design", "Engineering", "Product", "Marketing", "Sales", "Support", "Research"]),
    ...group("Audience", ["Beginners", "Developers", "Designers", "Managers", "Executives", "Students"]),
    ...group("Format", ["Tutorial", "Case study", "Opinion", "News", "Interview", "Video", "Podcast"]),
  ];
  return {
    prompt: "Which tags fit this article? Pick one to five.",
    ui: {
      kind: "multi-select",
      options: options.map((option) =>
        option.id === "podcast"
          ? { ...option, disabled: true, description: "No audio version of this article yet" }
          : option,
      ),
      min: 1,
      max: 5,
    },
  };
}

export function formPayload() {
  return {
    prompt: "Tell me about the event you want to set up",
    ui: {
      kind: "form",
      submitLabel: "Create event",
      fields: [
        {
          type: "text",
          name: "title",
          label: "Event title",
          required: true,
          maxLength: 120,
          placeholder: "Spring meetup",
        },
        {
          type: "email",
          name: "organizerEmail",
          label: "Organizer email",
          required: true,
          placeholder: "you@example.com",
        },
        { type: "number", name: "capacity", label: "Capacity", min: 1, max: 500, integer: true, default: 50 },
        { type: "date", name: "date", label: "Date", required: true, min: "2025-01-01", max: "2030-12-31" },
        {
          type: "select",
          name: "format",
          label: "Format",
          required: true,
          options: [
            { value: "in-person", label: "In person" },
            { value: "online", label: "Online" },
            { value: "hybrid", label: "Hybrid" },
          ],
          default: "in-person",
        },
        {
          type: "multiselect",
          name: "channels",
          label: "Announce on",
          options: [
            { value: "email", label: "Email" },
            { value: "blog", label: "Blog" },
            { value: "social", label: "Social media" },
            { value: "slack", label: "Community Slack" },
          ],
          max: 3,
        },
        { type: "textarea", name: "notes", label: "Notes for attendees", maxLength: 2000, help: "Optional." },
        { type: "checkbox", name: "codeOfConduct", label: "Attendees must accept the code of conduct", default: true },
      ],
    },
  };
}

export function deleteFilePayload() {
  return { path: "notes/old-draft.md" };
}

/** What "clean up drafts" deletes: one `delete_file` call each, in the same step. */
export const draftPaths = ["drafts/intro-v1.md", "drafts/intro-v2.md"] as const;

export function voicePayload() {
  return {
    prompt: "Which voice should read the summary aloud?",
    ui: {
      kind: "voice",
      voices: [
        { id: "ava", name: "Ava", language: "en-US", sampleUrl: "/voices/ava.wav" },
        { id: "oliver", name: "Oliver", language: "en-GB", sampleUrl: "/voices/oliver.wav" },
        { id: "lea", name: "Léa", language: "fr-FR", sampleUrl: "/voices/lea.wav" },
        { id: "jonas", name: "Jonas", language: "de-DE", sampleUrl: "/voices/jonas.wav" },
      ],
    },
  };
}

/** A media request whose `items` is not a list: the client must fall back, and still be answerable. */
export function brokenPayload() {
  return {
    prompt: "Pick an image (this payload is malformed on purpose)",
    ui: { kind: "media", items: "not-an-array", max: "three" },
  };
}

export function regionPayload() {
  return { prompt: "Which region should the service run in?" };
}

/** A question set: what a coding agent asks before it starts (Claude's `AskUserQuestion` shape, as the kit's `questions` kind). */
export function questionsPayload() {
  return {
    prompt: "A few questions before I scaffold checkout-api",
    ui: {
      kind: "questions",
      questions: [
        {
          id: "database",
          header: "Database",
          prompt: "Which database should the service use?",
          options: [
            {
              id: "postgres",
              label: "PostgreSQL",
              description: "Relational; the team runs it already",
              recommended: true,
            },
            { id: "sqlite", label: "SQLite", description: "One file, no server" },
            { id: "dynamo", label: "DynamoDB", description: "Managed, key-value" },
          ],
        },
        {
          id: "features",
          header: "Features",
          prompt: "Which features should the first version have?",
          multiple: true,
          min: 1,
          max: 3,
          options: [
            { id: "auth", label: "Sign-in", description: "Email and password, sessions" },
            { id: "payments", label: "Payments", description: "Card payments through the provider" },
            { id: "webhooks", label: "Webhooks", description: "Order events to other services" },
            { id: "admin", label: "Admin pages" },
          ],
        },
        {
          id: "deploy",
          header: "Deploy",
          prompt: "Where will it run?",
          other: true,
          options: [
            { id: "fly", label: "Fly.io" },
            { id: "k8s", label: "Our Kubernetes cluster" },
          ],
        },
      ],
    },
  };
}
