const ENCODING = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const LOWER_ALPHANUMERIC = "0123456789abcdefghijklmnopqrstuvwxyz";
const TIME_MAX = 2 ** 48 - 1;

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(length));
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

function encodeTime(time: number): string {
  let rest = time;
  let out = "";
  for (let index = 0; index < 10; index += 1) {
    out = ENCODING[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  let buffer = 0;
  let bits = 0;
  let out = "";
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ENCODING[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** Adds one to the big-endian random part; false when it overflowed. */
function incrementRandom(bytes: Uint8Array): boolean {
  for (let index = bytes.length - 1; index >= 0; index -= 1) {
    const byte = bytes[index] ?? 0;
    if (byte < 255) {
      bytes[index] = byte + 1;
      bytes.fill(0, index + 1);
      return true;
    }
  }
  return false;
}

/**
 * A monotonic ULID factory like eve's (`evt_<ULID>` event ids): 10 time characters + 16 random ones.
 * Unlike eve it reads time from the session's clock and never goes backwards, so ids stay strictly
 * increasing (and sort like the stream) even with a frozen or rewinding test clock.
 */
export function createUlidFactory(now: () => number): () => string {
  let lastTime = -1;
  let random = new Uint8Array(new ArrayBuffer(10));
  return () => {
    const time = Math.min(Math.max(0, Math.floor(now())), TIME_MAX);
    if (time > lastTime) {
      lastTime = time;
      random = randomBytes(10);
    } else if (!incrementRandom(random)) {
      lastTime = Math.min(lastTime + 1, TIME_MAX);
      random = randomBytes(10);
    }
    return `${encodeTime(lastTime)}${encodeRandom(random)}`;
  };
}

/** Random characters from `alphabet` (rejection-free: the alphabets used here are small). */
function randomString(length: number, alphabet: string): string {
  let out = "";
  for (const byte of randomBytes(length)) out += alphabet[byte % alphabet.length];
  return out;
}

/** Like the AI SDK's `generateId` behind eve's approval ids (`aitxt-` + 24 alphanumerics). */
export function randomAlphanumeric(length: number): string {
  return randomString(length, ALPHANUMERIC);
}

/** Like the tool call ids in the recorded streams (`call_mwrfr5qd`). */
export function randomLowerAlphanumeric(length: number): string {
  return randomString(length, LOWER_ALPHANUMERIC);
}

export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}
