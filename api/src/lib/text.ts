/** Length in Unicode code points (not UTF-16 units). */
export const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

export const hasNul = (s: string): boolean => s.includes('\u0000');
