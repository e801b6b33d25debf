/**
 * The tool input an agent's `pick_media` picker tool would receive from the model: `{ prompt, ui }`,
 * unvalidated JSON (the page parses it with `pickerInputSchema(mediaKind)`, which also fills in
 * defaults such as each item's `mediaType`). Imported by the server component only. The
 * thumbnails are small SVGs built here as `data:` URLs, so the example needs no image files.
 */
export function samplePickMediaInput(): { prompt: string; ui: Record<string, unknown> } {
  return {
    prompt: "Which cover images should the launch post use? Pick one or two.",
    ui: {
      kind: "media",
      min: 1,
      max: 2,
      items: [
        { id: "dawn", url: swatch("Dawn", "#f97316", "#7c3aed"), alt: "Orange to violet gradient, labelled Dawn" },
        { id: "lagoon", url: swatch("Lagoon", "#06b6d4", "#1e3a8a"), alt: "Cyan to navy gradient, labelled Lagoon" },
        { id: "meadow", url: swatch("Meadow", "#84cc16", "#15803d"), alt: "Lime to green gradient, labelled Meadow" },
        { id: "dusk", url: swatch("Dusk", "#ec4899", "#312e81"), alt: "Pink to indigo gradient, labelled Dusk" },
      ],
    },
  };
}

function swatch(label: string, from: string, to: string): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">' +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    '<rect width="320" height="240" fill="url(#g)"/>' +
    `<text x="160" y="132" font-family="sans-serif" font-size="32" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
