/** Longest slug `slugify` makes (a campaign or product address segment). */
export const SLUG_MAX_LENGTH = 80;

/** Letters Unicode does not decompose into a base letter and a mark. */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * The address segment of a name: accents folded ("Crème Brûlée Tee" → "creme-brulee-tee"),
 * lower case, every run of anything but a–z and 0–9 one dash, no dash at either end, at most
 * `max` characters (80 unless told). A name with nothing left (only symbols or another script) gives ''; the caller
 * picks its own fallback. The result always matches the campaign slug rule of
 * `CampaignCreateBody` when it is not empty.
 */
export function slugify(text: string, max: number = SLUG_MAX_LENGTH): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => UNDECOMPOSED[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}
