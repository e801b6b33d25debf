/** "delete_thing" / "deleteThing" → "Delete thing": tool names and input keys, for people. */
export function humanize(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const MAX_DEPTH = 4;
const MAX_ENTRIES = 50;
const MAX_STRING = 500;

/**
 * A JSON value as nested definition lists, for a person to read before approving. Bounded in
 * depth, entries and string length so a hostile tool input cannot flood the page. Text only.
 */
export function ReadableValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined) return <span data-slot="value-empty">—</span>;
  if (typeof value === "string") {
    return <span data-slot="value">{value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value}</span>;
  }
  if (typeof value === "number" || typeof value === "boolean") return <span data-slot="value">{String(value)}</span>;
  if (depth >= MAX_DEPTH) return <code data-slot="value">{briefJson(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span data-slot="value-empty">(none)</span>;
    return (
      <ul data-slot="value-list" className="hitl-value-list">
        {value.slice(0, MAX_ENTRIES).map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static, read-only list with no identity of its own.
          <li key={index}>
            <ReadableValue value={item} depth={depth + 1} />
          </li>
        ))}
        {value.length > MAX_ENTRIES && <li>… {value.length - MAX_ENTRIES} more</li>}
      </ul>
    );
  }
  if (typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) return <span data-slot="value-empty">(empty)</span>;
    const entries = keys.slice(0, MAX_ENTRIES).map((key) => [key, (value as Record<string, unknown>)[key]] as const);
    return (
      <dl data-slot="value-map" className="hitl-value-map">
        {entries.map(([key, item]) => (
          <div key={key} className="hitl-value-row">
            <dt>{humanize(truncate(key))}</dt>
            <dd>
              <ReadableValue value={item} depth={depth + 1} />
            </dd>
          </div>
        ))}
        {keys.length > MAX_ENTRIES && (
          // A <dl> may only hold dt/dd groups: the "more" note is a group of its own.
          <div className="hitl-value-row">
            <dt>…</dt>
            <dd>{keys.length - MAX_ENTRIES} more</dd>
          </div>
        )}
      </dl>
    );
  }
  return <span data-slot="value">{truncate(String(value))}</span>;
}

/**
 * A short preview of what lies below the depth shown — `JSON.stringify`'s text for small values —
 * built without serializing the whole value: `JSON.stringify` of a 10,000-deep object throws, and
 * of a huge one takes seconds.
 */
export function briefJson(value: unknown, budget = MAX_STRING): string {
  let out = "";
  const write = (text: string) => {
    out += text;
    return out.length < budget;
  };
  const walk = (node: unknown, depth: number): boolean => {
    if (node === null || typeof node !== "object") {
      const text = typeof node === "string" ? JSON.stringify(node.slice(0, budget)) : String(node);
      return write(text);
    }
    if (depth >= 3) return write(Array.isArray(node) ? "[…]" : "{…}");
    const isArray = Array.isArray(node);
    if (!write(isArray ? "[" : "{")) return false;
    let first = true;
    for (const key of Object.keys(node)) {
      if (!first && !write(",")) return false;
      first = false;
      if (!isArray && !write(`${JSON.stringify(key.slice(0, 100))}:`)) return false;
      if (!walk((node as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return write(isArray ? "]" : "}");
  };
  return walk(value, 0) ? out : `${out.slice(0, budget)}…`;
}

function truncate(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
}
