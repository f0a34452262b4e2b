/** The grading engine's report (docs/grading.md 'What a report holds'), shared by engine, server and client. */

export type Face = 'front' | 'back';

export type RejectionCode =
  | 'not_an_image'
  | 'corrupt_image'
  | 'too_many_pixels'
  | 'no_card'
  | 'multiple_cards'
  | 'card_cut_off'
  | 'too_small'
  | 'too_blurry'
  | 'heavy_glare'
  | 'mismatched_sides';

export interface GradeRejection {
  code: RejectionCode;
  /** A sentence that tells the person what to do. */
  message: string;
  face?: Face;
  /** Where the engine took each card to be when it stopped (photo pixels, TL TR BR BL), for the faces it found one in. */
  outline?: Partial<Record<Face, Quad>>;
}

/** A point in a stored photo's pixels: [x, y]. */
export type PixelPoint = [number, number];
/** A card's four corners in photo pixels: top-left, top-right, bottom-right, bottom-left of the card. */
export type Quad = [PixelPoint, PixelPoint, PixelPoint, PixelPoint];

/**
 * The inner frame's four lines (where the printed border ends) in the card's own upright view,
 * as fractions of the card: left and right across its width from its left edge, top and bottom
 * down its height from its top edge. A border's width is left, 1 - right, top, 1 - bottom.
 */
export interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** What the owner set for one face before grading: the card's corners, and optionally its frame lines. */
export interface FaceHint {
  corners: Quad;
  frame?: Frame;
}

/** Codes the owner cannot fix by placing the corners: the photo itself must be retaken. */
export const RETAKE_ONLY: readonly RejectionCode[] = [
  'not_an_image',
  'corrupt_image',
  'too_many_pixels',
  'too_small',
  'too_blurry',
];

/** One face as the card finder saw it (POST /api/card-gradings/:id/detect). */
export interface FaceDetection {
  found: boolean;
  corners: Quad | null;
  frame: Frame | null;
  code?: RejectionCode;
  message?: string;
  /** Placing the corners by hand will not help: the photo must be taken again (see RETAKE_ONLY). */
  retake: boolean;
}

export interface Detection {
  front: FaceDetection;
  back: FaceDetection;
  imageSize: Record<Face, { width: number; height: number }>;
}

export interface CenteringFace {
  measurable: boolean;
  /** [larger, smaller] percent, summing to 100, at the worst station. */
  leftRight?: [number, number];
  topBottom?: [number, number];
  /** How far the stations disagree, in percentage points of the larger share (a tilted print). */
  spread?: { leftRight: number; topBottom: number };
  /** Border widths in mm at the worst station. */
  bordersMm?: { left: number; right: number; top: number; bottom: number };
  /** The frame lines the shares were read from (each side's mean), as fractions of the card. */
  frame?: Frame;
  /** The frame lines were set by the card's owner, not measured. */
  ownerSet?: boolean;
  grade?: number;
  reason?: string;
}

export type DefectKind =
  | 'corner_whitening'
  | 'corner_rounding'
  | 'edge_whitening'
  | 'edge_chip'
  | 'scratch'
  | 'spot'
  | 'crease'
  | 'print_line';

export interface Defect {
  face: Face;
  kind: DefectKind;
  /** Where, in words: 'top-left corner', 'left edge', 'surface'. */
  location: string;
  positionMm: { x: number; y: number };
  boxMm: { x: number; y: number; w: number; h: number };
  /** For a defect that is a line (a crease, a print line, a scratch in the art): its two ends, mm. */
  lineMm?: { x1: number; y1: number; x2: number; y2: number };
  /** Length, radius or depth in mm, as the kind implies. */
  sizeMm: number;
  areaMm2?: number;
  /** The subgrade this defect alone would allow. */
  impliedGrade: number;
}

export type QualityWarningCode =
  | 'blur'
  | 'glare'
  | 'low_resolution'
  | 'tilt'
  | 'centering_not_measurable'
  /** Foil or busy art left part of the surface unreadable at this resolution: not graded there. */
  | 'surface_not_assessed'
  /** Art or foil to the edge, or a holder's plastic on it, left part of the edges unreadable. */
  | 'edges_not_assessed'
  /** A light border's whitening could not be read (too coarse a photo, or a background of the card's colour). */
  | 'corners_not_assessed'
  /** The card was found inside a sleeve, top loader or slab and graded through its plastic. */
  | 'through_holder'
  /** What was found in one photo has no card's shape (a holder's rim, a printed frame): that face was not graded. */
  | 'face_not_assessed';

export interface QualityWarning {
  code: QualityWarningCode;
  message: string;
  face?: Face;
}

export interface HalfPointScores {
  overall: number;
  /** Null when neither face's centering could be measured (a borderless card, say): never a made-up 10. */
  centering: number | null;
  corners: number;
  edges: number;
  surface: number;
}

export interface GradeReport {
  rubricVersion: 1;
  overallGrade: number;
  /** Null: not measured (see scores.centering). */
  centeringGrade: number | null;
  cornerGrade: number;
  edgeGrade: number;
  surfaceGrade: number;
  scores: HalfPointScores;
  centering: { front: CenteringFace; back: CenteringFace };
  cardSize: { kind: 'standard' | 'small'; widthMm: number; heightMm: number };
  defects: Defect[];
  warnings: QualityWarning[];
  /** 0..1: how far the photos let the engine see what it measured. */
  confidence: number;
  /** Plain sentences, paragraphs separated by blank lines. */
  notes: string;
  timingsMs: Record<string, number>;
  pxPerMm: { front: number; back: number };
  /** The card's corners in each photo as graded (photo pixels, TL TR BR BL). */
  outline?: Record<Face, Quad>;
  /** What the owner set rather than the engine found: the outline (before grading) and the frame lines (before or after). */
  ownerSet?: Record<Face, { outline: boolean; frame: boolean }>;
  /** The annotated pictures are the card's faces squared up with this margin (mm) of photo around the card. */
  view?: { marginMm: number };
  /** The report's sentence on what the surface check covered, kept so the notes can be written again. */
  surfaceInspected?: string;
}

export type GradeOutcome =
  | { ok: true; report: GradeReport; annotated: { front: Buffer; back: Buffer } }
  | { ok: false; rejection: GradeRejection };

/** One of the landing page's examples: the engine's grades of a generated pair (grader/bench/landing-examples.ts). */
export interface LandingExample {
  family: string;
  label: string;
  seed: number;
  damaged: boolean;
  picture: string;
  overallGrade: number;
  centeringGrade: number | null;
  cornerGrade: number;
  edgeGrade: number;
  surfaceGrade: number;
  confidence: number;
  /** The overall grade of what the generator drew (its truth), for comparison. */
  drawnGrade: number;
}
