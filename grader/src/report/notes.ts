import {
  DEFECT_KIND_NAMES,
  type CenteringFace,
  type Defect,
  type GradeReport,
  type QualityWarning,
} from '@gradelens/shared';

const FACE = { front: 'Front', back: 'Back' } as const;
const KIND = DEFECT_KIND_NAMES;

/** Plain sentences a collector can act on, paragraphs separated by blank lines. */
export function writeNotes(report: Omit<GradeReport, 'notes'>, surfaceInspected: string): string {
  const paragraphs: string[] = [];
  const s = report.scores;
  paragraphs.push(
    `Overall ${s.overall} (centering ${s.centering ?? 'not measured'}, corners ${s.corners}, edges ${s.edges}, surface ${s.surface}), measured on a ${report.cardSize.kind} card of ${report.cardSize.widthMm} x ${report.cardSize.heightMm} mm.`,
  );
  const centering = (['front', 'back'] as const).map((face) => centeringSentence(FACE[face], report.centering[face]));
  paragraphs.push(centering.join(' '));
  if (s.centering === null) {
    paragraphs.push(
      'Centering was not measured on either face, so the overall grade comes from corners, edges and surface alone, and the report is less sure of it.',
    );
  }
  const worst = [...report.defects].sort((a, b) => a.impliedGrade - b.impliedGrade || b.sizeMm - a.sizeMm).slice(0, 6);
  if (worst.length) {
    paragraphs.push(
      worst
        .map((d) => {
          const what = `${FACE[d.face]} ${d.location}: ${KIND[d.kind]} ${d.sizeMm} mm`;
          return d.impliedGrade < 10 ? `${what}, limits ${gradeNoun(d)} to ${d.impliedGrade}.` : `${what}.`;
        })
        .join(' '),
    );
  } else {
    paragraphs.push('No corner, edge or surface wear was found on either face.');
  }
  paragraphs.push(surfaceInspected);
  if (report.warnings.length) paragraphs.push(report.warnings.map((w: QualityWarning) => w.message).join(' '));
  return paragraphs.filter(Boolean).join('\n\n');
}

function centeringSentence(face: string, c: CenteringFace): string {
  if (!c.measurable || !c.leftRight || !c.topBottom)
    return `${face} centering: not measurable. ${c.reason ?? ''}`.trim();
  const [lr, tb] = [c.leftRight, c.topBottom];
  const worst = Math.max(lr[0], tb[0]);
  const whose = c.ownerSet ? ', from centering lines set by the owner' : '';
  return `${face} centering ${fmt(lr)} left/right and ${fmt(tb)} top/bottom (worst ${worst.toFixed(1)}/${(100 - worst).toFixed(1)}${whose}), grade ${c.grade}.`;
}

const fmt = (pair: [number, number]) => `${pair[0].toFixed(1)}/${pair[1].toFixed(1)}`;
const gradeNoun = (d: Defect) =>
  d.kind.startsWith('corner') ? 'corners' : d.kind.startsWith('edge') ? 'edges' : 'surface';
