/** Words for a category's score (docs/product.md: description bands at 9, 8 and 7). */
const DESCRIPTIONS: Record<string, [string, string, string, string]> = {
  centering: [
    'Excellent centering, well within the limits for top grades.',
    'Good centering with a slight shift.',
    'Noticeably off-center on at least one axis.',
    'Off-center: this will limit the grade.',
  ],
  corners: [
    'Sharp corners with no visible wear.',
    'Light wear on a corner.',
    'Visible wear or whitening on corners.',
    'Rounded or damaged corners.',
  ],
  edges: [
    'Clean edges without chipping.',
    'Minor edge wear.',
    'Visible whitening or chipping along the edges.',
    'Heavy edge wear.',
  ],
  surface: [
    'Clean surface without visible defects.',
    'Minor surface marks.',
    'Visible scratches or spots.',
    'Significant surface damage.',
  ],
};

export function categoryDescription(category: keyof typeof DESCRIPTIONS, score: number): string {
  const [a, b, c, d] = DESCRIPTIONS[category]!;
  if (score >= 9) return a;
  if (score >= 8) return b;
  if (score >= 7) return c;
  return d;
}

export const GRADE_COLOUR_CLASSES = {
  green: { text: 'text-green-600', bar: 'bg-green-500' },
  blue: { text: 'text-blue-600', bar: 'bg-blue-500' },
  lightblue: { text: 'text-sky-500', bar: 'bg-sky-400' },
  yellow: { text: 'text-yellow-600', bar: 'bg-yellow-400' },
  orange: { text: 'text-orange-600', bar: 'bg-orange-500' },
  red: { text: 'text-red-600', bar: 'bg-red-500' },
} as const;
