import { outlineProblem, type AnalyzeHints, type Detection, type Face } from '@gradelens/shared';
import type { cardGradings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { loadSharp } from '../../on-first-use.ts';
import type { ImageStore } from '../../storage/images.ts';
import type { Grader } from './analyze.ts';

type GradingRow = typeof cardGradings.$inferSelect;

/**
 * The card finder on both stored photos, free: what the owner confirms or corrects before
 * paying. The photos were re-encoded upright at upload, so the engine's pixels are theirs.
 */
export async function detectOutlines(grader: Grader, images: ImageStore, grading: GradingRow): Promise<Detection> {
  const [front, back] = await Promise.all([images.read(grading.frontImagePath), images.read(grading.backImagePath)]);
  try {
    return await grader.detect(front, back);
  } catch (error) {
    if ((error as { code?: string }).code === 'busy') {
      throw new AppError('BUSY', 'The grading engine is busy with other cards. Try again in a few seconds.', {
        headers: { 'retry-after': '5' },
      });
    }
    throw new AppError(
      'UNGRADABLE',
      'The card search failed on these photos. Try again, or place the corners yourself.',
      { extra: { code: 'analysis_failed' } },
    );
  }
}

/**
 * Refuses corners that cannot outline a card in the stored photo: off the photo, crossed, or
 * too close together. A 400 whose sentence names the face and the corner, before any engine
 * run or charge.
 */
export async function checkHints(images: ImageStore, grading: GradingRow, hints: AnalyzeHints): Promise<void> {
  const fields: Record<string, string> = {};
  for (const face of ['front', 'back'] as const satisfies Face[]) {
    const hint = hints[face];
    if (!hint) continue;
    const size = await photoSize(images, face === 'front' ? grading.frontImagePath : grading.backImagePath);
    const problem = outlineProblem(hint.corners, size, face);
    if (problem) fields[`${face}.corners`] = problem;
  }
  const messages = Object.values(fields);
  if (messages.length) throw new AppError('VALIDATION', messages.join(' '), { fields });
}

async function photoSize(images: ImageStore, path: string): Promise<{ width: number; height: number }> {
  const meta = await (await loadSharp())(await images.read(path)).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
