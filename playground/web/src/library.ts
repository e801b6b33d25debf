import type { CollectionLoaders } from "hitl-kit";

/**
 * The collections this app serves, registered once on `HitlProvider`: a media request may name
 * `source: { id: "library" }` and the picker pages and searches through it. The items are
 * validated by the kit (the media kind's item schema), so this only fetches.
 */
export const collections: CollectionLoaders = {
  library: async ({ query, cursor, signal }) => {
    const params = new URLSearchParams({ q: query });
    if (cursor !== undefined) params.set("cursor", cursor);
    const response = await fetch(`/api/library?${params}`, { signal });
    if (!response.ok) throw new Error(`The library answered ${response.status} ${response.statusText}`);
    return response.json();
  },
};
