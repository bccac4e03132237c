const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/**
 * 32-bit FNV-1a over the UTF-8 bytes of a text, as 8 lower-case hex characters. Pure and
 * dependency-free so the same name comes out in the browser, in Node and in a worker; it only
 * spreads names apart and is no security hash.
 */
export function fnv1a32(input: string): string {
  let hash = OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(input)) {
    hash ^= byte;
    hash = Math.imul(hash, PRIME) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
