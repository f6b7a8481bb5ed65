/** Length as a person counts characters: Unicode code points, so an emoji counts once (not UTF-16 units). */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const hasNul = (s: string): boolean => s.includes('\u0000');

/** Emails compare without case and surrounding spaces. */
export const normalizeEmail = (s: string): string => s.trim().toLowerCase();
