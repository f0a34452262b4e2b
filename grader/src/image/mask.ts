/**
 * Scanning a mask of marked pixels (1) for the next marked one, four bytes at a time where the
 * mask is all zeros, as most masks here are: the marks lie along a border band or a few lines.
 */
export interface MaskScan {
  mask: Uint8Array;
  /** The same bytes as 32-bit words (none when the mask does not start on a word). */
  words: Uint32Array;
}

export const maskScan = (mask: Uint8Array): MaskScan => ({
  mask,
  words: new Uint32Array(mask.buffer, mask.byteOffset, mask.byteOffset % 4 === 0 ? mask.length >> 2 : 0),
});

/** The first marked index of the mask from `from` on (its length when there is none). */
export function nextMarked({ mask, words }: MaskScan, from: number): number {
  let i = from;
  while (i < mask.length && !mask[i] && i & 3) i += 1;
  if (i < mask.length && mask[i]) return i;
  let word = i >> 2;
  while (word < words.length && !words[word]) word += 1;
  for (i = Math.max(i, word << 2); i < mask.length; i += 1) if (mask[i]) return i;
  return mask.length;
}
