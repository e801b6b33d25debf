/**
 * Images for the catalog's media and template stories: small inline SVGs as `data:image/svg+xml`
 * URLs, so no story touches the network and every URL passes `isSafeMediaUrl`. Each is a few
 * hundred characters (well under the kinds' `MAX_URL_LENGTH`) and deterministic, so a story looks
 * the same on every run. Large payloads cycle through a small set (`photoAt`, `previewAt`): the
 * browser decodes each distinct image once.
 */

/** Wraps SVG markup as a data URL (percent-encoded, no base64: readable in the Storybook controls). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function svg(width: number, height: number, body: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;
}

/** What a stand-in photo shows: a few flat shapes over a sky gradient. */
export type Scene = "sunset" | "coast" | "city" | "forest" | "mountains" | "night";

export const scenes: readonly Scene[] = ["sunset", "coast", "city", "forest", "mountains", "night"];

export interface PhotoOptions {
  /** Shifts the palette, so two photos of one scene still differ. @default 0 */
  hue?: number;
  /** @default 320 */
  width?: number;
  /** @default 240 */
  height?: number;
}

/** A stand-in photograph: `photoUrl("coast", { hue: 20 })`. */
export function photoUrl(scene: Scene, { hue = 0, width = 320, height = 240 }: PhotoOptions = {}): string {
  const w = width;
  const h = height;
  const sky = (top: string, bottom: string) =>
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#s)"/>`;
  switch (scene) {
    case "sunset":
      return svg(
        w,
        h,
        `${sky(hsl(20 + hue, 85, 62), hsl(330 + hue, 60, 45))}<circle cx="${w * 0.62}" cy="${h * 0.62}" r="${h * 0.18}" fill="${hsl(45 + hue, 95, 70)}"/><rect y="${h * 0.68}" width="${w}" height="${h * 0.32}" fill="${hsl(250 + hue, 35, 25)}"/>`,
      );
    case "coast":
      return svg(
        w,
        h,
        `${sky(hsl(200 + hue, 70, 75), hsl(195 + hue, 60, 88))}<rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="${hsl(205 + hue, 70, 42)}"/><path d="M0 ${h * 0.8} Q${w * 0.4} ${h * 0.62} ${w} ${h * 0.86} V${h} H0Z" fill="${hsl(42 + hue, 60, 72)}"/>`,
      );
    case "city":
      return svg(
        w,
        h,
        `${sky(hsl(210 + hue, 40, 80), hsl(30 + hue, 50, 85))}${[0.05, 0.2, 0.36, 0.55, 0.72, 0.86]
          .map(
            (x, i) =>
              `<rect x="${w * x}" y="${h * (0.35 + (i % 3) * 0.12)}" width="${w * 0.13}" height="${h}" fill="${hsl(220 + hue, 15, 30 + i * 5)}"/>`,
          )
          .join("")}`,
      );
    case "forest":
      return svg(
        w,
        h,
        `${sky(hsl(190 + hue, 45, 82), hsl(100 + hue, 30, 80))}${[0.1, 0.3, 0.5, 0.7, 0.9]
          .map(
            (x, i) =>
              `<path d="M${w * x} ${h * (0.25 + (i % 2) * 0.1)} L${w * (x + 0.12)} ${h * 0.85} H${w * (x - 0.12)}Z" fill="${hsl(130 + hue, 40, 22 + i * 4)}"/>`,
          )
          .join("")}<rect y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="${hsl(90 + hue, 30, 30)}"/>`,
      );
    case "mountains":
      return svg(
        w,
        h,
        `${sky(hsl(215 + hue, 60, 70), hsl(210 + hue, 40, 92))}<path d="M0 ${h} L${w * 0.3} ${h * 0.3} L${w * 0.55} ${h * 0.7} L${w * 0.75} ${h * 0.4} L${w} ${h}Z" fill="${hsl(225 + hue, 20, 40)}"/><path d="M${w * 0.24} ${h * 0.42} L${w * 0.3} ${h * 0.3} L${w * 0.36} ${h * 0.42}Z" fill="#fff"/>`,
      );
    case "night":
      return svg(
        w,
        h,
        `${sky(hsl(235 + hue, 50, 14), hsl(260 + hue, 40, 30))}<circle cx="${w * 0.8}" cy="${h * 0.25}" r="${h * 0.1}" fill="${hsl(55, 80, 88)}"/>${[
          0.1, 0.25, 0.4, 0.55, 0.3, 0.65,
        ]
          .map((x, i) => `<circle cx="${w * x}" cy="${h * (0.1 + (i % 3) * 0.12)}" r="1.5" fill="#fff"/>`)
          .join("")}<rect y="${h * 0.75}" width="${w}" height="${h * 0.25}" fill="${hsl(240 + hue, 30, 8)}"/>`,
      );
    default:
      return scene satisfies never;
  }
}

/** A still for a video (a photo with a play triangle) or an audio item (a waveform). */
export function posterUrl(type: "video" | "audio", scene: Scene = "coast", hue = 0): string {
  if (type === "audio") {
    const bars = Array.from({ length: 24 }, (_, i) => {
      const height = 20 + ((i * 37) % 90);
      return `<rect x="${24 + i * 11.5}" y="${120 - height / 2}" width="6" height="${height}" rx="3" fill="${hsl(280 + hue, 60, 70)}"/>`;
    }).join("");
    return svg(320, 240, `<rect width="320" height="240" fill="${hsl(260 + hue, 35, 20)}"/>${bars}`);
  }
  const photo = decodeURIComponent(photoUrl(scene, { hue }).slice("data:image/svg+xml,".length));
  return svgDataUrl(
    photo.replace(
      "</svg>",
      '<circle cx="160" cy="120" r="30" fill="rgb(0 0 0 / 0.55)"/><path d="M150 104 L176 120 L150 136Z" fill="#fff"/></svg>',
    ),
  );
}

/** The i-th of a fixed set of photos (6 scenes × 4 palettes): for payloads of thousands. */
export function photoAt(index: number): string {
  const palettes = 4;
  const position = ((index % (scenes.length * palettes)) + scenes.length * palettes) % (scenes.length * palettes);
  const cached = photoCache.get(position);
  if (cached) return cached;
  const url = photoUrl(scenes[position % scenes.length] ?? "coast", {
    hue: Math.floor(position / scenes.length) * 25,
  });
  photoCache.set(position, url);
  return url;
}
const photoCache = new Map<number, string>();

/** What a template preview sketches. */
export type PreviewLayout = "document" | "email" | "slides" | "report" | "checklist";

export const previewLayouts: readonly PreviewLayout[] = ["document", "email", "slides", "report", "checklist"];

/** A page sketch for a template card: an accent bar and grey text lines, per layout. */
export function templatePreviewUrl(layout: PreviewLayout, hue = 220): string {
  const accent = hsl(hue, 65, 50);
  const line = (x: number, y: number, width: number) =>
    `<rect x="${x}" y="${y}" width="${width}" height="6" rx="3" fill="${hsl(hue, 10, 80)}"/>`;
  const lines = (x: number, y: number, count: number, width: number) =>
    Array.from({ length: count }, (_, i) => line(x, y + i * 14, width - ((i * 23) % 60))).join("");
  const page = `<rect width="240" height="160" fill="${hsl(hue, 25, 96)}"/>`;
  switch (layout) {
    case "document":
      return svg(
        240,
        160,
        `${page}<rect x="24" y="18" width="120" height="12" rx="3" fill="${accent}"/>${lines(24, 44, 7, 192)}`,
      );
    case "email":
      return svg(
        240,
        160,
        `${page}<rect width="240" height="34" fill="${accent}"/><circle cx="28" cy="17" r="9" fill="#fff"/>${lines(24, 50, 6, 192)}<rect x="24" y="132" width="70" height="16" rx="8" fill="${accent}"/>`,
      );
    case "slides":
      return svg(
        240,
        160,
        `${page}<rect x="20" y="16" width="200" height="112" rx="6" fill="#fff" stroke="${hsl(hue, 15, 80)}"/><rect x="36" y="34" width="90" height="12" rx="3" fill="${accent}"/>${lines(36, 60, 4, 110)}<circle cx="172" cy="84" r="26" fill="${hsl(hue + 40, 60, 65)}"/><rect x="100" y="138" width="40" height="6" rx="3" fill="${hsl(hue, 10, 75)}"/>`,
      );
    case "report":
      return svg(
        240,
        160,
        `${page}<rect x="24" y="16" width="100" height="10" rx="3" fill="${accent}"/>${[40, 70, 55, 90, 65]
          .map(
            (height, i) =>
              `<rect x="${30 + i * 26}" y="${130 - height}" width="16" height="${height}" fill="${hsl(hue + i * 18, 55, 55)}"/>`,
          )
          .join("")}${lines(168, 44, 6, 52)}`,
      );
    case "checklist":
      return svg(
        240,
        160,
        `${page}<rect x="24" y="16" width="110" height="10" rx="3" fill="${accent}"/>${Array.from(
          { length: 6 },
          (_, i) =>
            `<rect x="24" y="${40 + i * 19}" width="10" height="10" rx="2" fill="${i < 3 ? accent : "#fff"}" stroke="${accent}"/>${line(44, 42 + i * 19, 150 - ((i * 31) % 70))}`,
        ).join("")}`,
      );
    default:
      return layout satisfies never;
  }
}

/** The i-th of a fixed set of previews (5 layouts × 6 accents): for galleries of thousands. */
export function previewAt(index: number): string {
  const count = previewLayouts.length * 6;
  const position = ((index % count) + count) % count;
  const cached = previewCache.get(position);
  if (cached) return cached;
  const url = templatePreviewUrl(
    previewLayouts[position % previewLayouts.length] ?? "document",
    200 + Math.floor(position / previewLayouts.length) * 40,
  );
  previewCache.set(position, url);
  return url;
}
const previewCache = new Map<number, string>();

/**
 * URLs a payload may carry that the kit must never load: a script URL, an HTML document and an image
 * whose bytes are not an image (it fails to decode: the broken-image placeholder).
 */
export const unsafeUrls = {
  script: "javascript:alert(document.domain)",
  html: "data:text/html,<script>alert(1)</script>",
  /** Safe scheme, corrupt bytes: loads, fails to decode, shows as broken. */
  corrupt: "data:image/png;base64,AAAAAAAA",
} as const;
