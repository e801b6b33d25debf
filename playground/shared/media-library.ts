/**
 * The playground's media library: 100,000 images, generated from their index (deterministic, no
 * network, no files), paged and searched the way an app's backend would serve them. The page
 * server answers `GET /api/library?q=…&cursor=…` with it; tests call it directly.
 */

export const LIBRARY_SIZE = 100_000;
export const LIBRARY_PAGE_SIZE = 60;

const ADJECTIVES = ["Amber", "Azure", "Crimson", "Golden", "Misty", "Silver", "Violet", "Emerald"] as const;
const SUBJECTS = ["fox", "lighthouse", "sailboat", "owl", "waterfall", "canyon", "tram", "kite", "glacier", "orchard"];
const PLACES = ["at dawn", "at dusk", "in the rain", "under stars", "in fog", "at noon"] as const;

export interface LibraryItem {
  readonly id: string;
  readonly url: string;
  readonly alt: string;
  readonly mediaType: "image";
  readonly width: number;
  readonly height: number;
}

export interface LibraryPage {
  readonly items: LibraryItem[];
  readonly nextCursor?: string;
  /** How many items match the search in all (for a status line; the widget does not need it). */
  readonly total: number;
}

function pick<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error("empty list");
  return value;
}

/** The alt text of item `index` (0-based): what a search matches. */
export function libraryAlt(index: number): string {
  const adjective = pick(ADJECTIVES, index);
  const subject = pick(SUBJECTS, Math.floor(index / ADJECTIVES.length));
  const place = pick(PLACES, Math.floor(index / (ADJECTIVES.length * SUBJECTS.length)));
  return `${adjective} ${subject} ${place}, no. ${index + 1}`;
}

export function libraryId(index: number): string {
  return `lib-${String(index + 1).padStart(6, "0")}`;
}

/** Item `index`: a small SVG (a tinted square with its number) as a `data:` URL. */
export function libraryItem(index: number): LibraryItem {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="hsl(${hue} 60% 45%)"/><text x="60" y="68" font-family="sans-serif" font-size="20" fill="white" text-anchor="middle">${index + 1}</text></svg>`;
  return {
    id: libraryId(index),
    url: `data:image/svg+xml,${encodeURIComponent(svg)}`,
    alt: libraryAlt(index),
    mediaType: "image",
    width: 120,
    height: 120,
  };
}

/**
 * One page of the items whose alt text contains `query` (case-insensitive), from `cursor` (an
 * index to go on scanning from). Scanning 100,000 generated names takes milliseconds.
 */
export function searchLibrary(options: {
  readonly query?: string;
  readonly cursor?: string | undefined;
  readonly pageSize?: number;
  readonly size?: number;
}): LibraryPage {
  const { query = "", cursor, pageSize = LIBRARY_PAGE_SIZE, size = LIBRARY_SIZE } = options;
  const needle = query.trim().toLowerCase();
  const start = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
  const from = Number.isSafeInteger(start) && start >= 0 ? start : 0;
  const matches = (index: number) => needle === "" || libraryAlt(index).toLowerCase().includes(needle);
  const items: LibraryItem[] = [];
  let index = from;
  for (; index < size && items.length < pageSize; index++) if (matches(index)) items.push(libraryItem(index));
  let more = false;
  for (let rest = index; rest < size; rest++) {
    if (matches(rest)) {
      more = true;
      index = rest;
      break;
    }
  }
  let total = 0;
  if (needle === "") total = size;
  else for (let i = 0; i < size; i++) if (matches(i)) total++;
  return more ? { items, nextCursor: String(index), total } : { items, total };
}
