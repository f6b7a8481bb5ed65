/** Length as a person counts characters: Unicode code points, so an emoji counts once (not UTF-16 units). */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const hasNul = (s: string): boolean => s.includes('\u0000');

/** Half of a surrogate pair alone: no character at all, stored it would come back as U+FFFD, not as sent. */
export const hasLoneSurrogate = (s: string): boolean => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

/** Each half of a surrogate pair found alone replaced by U+FFFD, as a UTF-8 decoder does with broken bytes. */
export const mendLoneSurrogates = (s: string): string =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** The first `max` characters as a person counts them (code points): an emoji is never cut in half. */
export const firstCodePoints = (s: string, max: number): string => Array.from(s).slice(0, max).join('');

/** Nothing a reader would see: white space and invisible format characters (zero-width space, joiners, marks). */
export const isBlank = (s: string): boolean => /^[\s\p{Cf}]*$/u.test(s);

/**
 * Emails compare without case and surrounding spaces, and as their characters read: compatibility forms (fullwidth
 * `ａ`, ligatures) are the letters they stand for, so no second account can look like the first.
 */
export const normalizeEmail = (s: string): string => s.normalize('NFKC').trim().toLowerCase();

/** A character no one sees or types in an address: controls and invisible format characters (zero-width space). */
export const hasInvisible = (s: string): boolean => /[\p{Cc}\p{Cf}]/u.test(s);
