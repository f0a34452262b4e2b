import type { Grader } from './modules/gradings/analyze.ts';

type ClosableGrader = Grader & { close(): Promise<void> };

/**
 * The grading engine started by its first job (a grading or an outline check), not at boot: each
 * idle worker thread holds about 20 MB, which a server that is only answering reads should not
 * carry (docs/decisions/0026). The first job after a start waits for the workers to load.
 */
export function graderOnDemand(start: () => ClosableGrader): ClosableGrader {
  let grader: ClosableGrader | null = null;
  let closed = false;
  const started = () => {
    if (closed && !grader) throw Object.assign(new Error('The grading engine is shutting down.'), { code: 'closed' });
    return (grader ??= start());
  };
  return {
    grade: async (front, back, options) => started().grade(front, back, options),
    detect: async (front, back) => started().detect(front, back),
    close: async () => {
      closed = true;
      await grader?.close();
    },
  };
}
