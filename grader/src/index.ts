import {
  RETAKE_ONLY,
  type CenteringFace,
  type Defect,
  type Detection as FacesDetection,
  type Face,
  type FaceDetection,
  type FaceHint,
  type Frame,
  type GradeOutcome,
  type GradeRejection,
  type GradeReport,
  type QualityWarning,
  type Quad,
} from '@gradelens/shared';
import type { Detection, FoundCard } from './detect/card-types.ts';
import { printRisePx } from './detect/print-sharpness.ts';
import { findCardIn } from './detect/find.ts';
import { outlineShown, type CardInPhoto, type FoundIn } from './detect/found.ts';
import { trimmedToSize } from './detect/trim.ts';
import { widenedToStandard } from './detect/widen.ts';
import { finderRejection } from './detect/rejections.ts';
import {
  CARD_RATIOS,
  facesToGrade,
  fitsRatio,
  lensReadings,
  mayReadAs,
  pairSize,
  ratioReadings,
  readsAs,
  sizeOfTheClearOutline,
  SIZE_BETWEEN,
  surelyFits,
} from './geometry/aspect.ts';
import { orderTopShort } from './geometry/card-corners.ts';
import { distance, type Point } from './geometry/homography.ts';
import { decodeRegion, DEFAULT_MAX_PIXELS, openPhoto, type OpenedPhoto } from './image/decode.ts';
import type { PhotoRegion } from './image/raster.ts';
import { centeringFromFrame, centeringOf, measureBorders } from './measure/centering.ts';
import { LIGHT_WEAR_MIN_PX_PER_MM, measureCorners, type CornerView } from './measure/corners.ts';
import { measureEdges, type EdgeView } from './measure/edges.ts';
import { labFace } from './measure/lab-grid.ts';
import { ART_SCRATCH_MIN_PX_PER_MM, measureSurface, type SurfaceMeasurement } from './measure/surface.ts';
import { rectify } from './rectify.ts';
import { annotate } from './report/annotate.ts';
import { confidenceOf } from './report/confidence.ts';
import { writeNotes } from './report/notes.ts';
import { edgesGrade, overallScore, surfaceGrade, toIntegerGrade, toReportedGrade } from './rubric.ts';

export { RUBRIC_VERSION } from './rubric.ts';

export interface GradeOptions {
  /** Pictures of each face squared up: with the outline, frame and defects drawn (true), or plain for a viewer that draws them. */
  annotate?: boolean | 'plain';
  maxPixels?: number;
  /**
   * Where each card's virtual corners are (TL, TR, BR, BL, photo pixels), when known: the card
   * search is skipped and only the measurements run. For benchmarks that judge measurement
   * apart from finding (bench/zoo-tune.ts --measure-only); the server never sets it.
   */
  cardAt?: Record<Face, [Point, Point, Point, Point]>;
  /**
   * What the card's owner set, per face: the card's corners (the search is skipped for that face,
   * the photo's sharpness is still timed) and optionally the frame lines (that face's centering
   * is read from them). The report records which were set.
   */
  hints?: Partial<Record<Face, FaceHint>>;
  /** Told as the work moves on, for a progress display. */
  onStage?: (stage: GradeStage) => void;
}

/** The steps of a grading, in order: decode the photos, find the cards, measure them, write the report. */
export const GRADE_STAGES = ['decode', 'find', 'measure', 'report'] as const;
export type GradeStage = (typeof GRADE_STAGES)[number];

const SIZES = { standard: { widthMm: 63, heightMm: 88 }, small: { widthMm: 59, heightMm: 86 } } as const;
/** The finest wear the grade turns on: a corner's 0.6 mm of whitening parts a 9 from an 8.5. */
const FINEST_WEAR_MM = 0.6;
/**
 * Below this the card is too small to grade: the finest wear spans less than two of the photo's
 * pixels, the least that shows a step (3.3 px/mm, a card about 290 px tall). Between this and
 * LOW_RES_PX_PER_MM the card is graded with the low_resolution warning and a lower confidence:
 * fine wear may not show.
 */
const MIN_PX_PER_MM = 2 / FINEST_WEAR_MM;
/** The 10-90% rise of a sharp edge in a phone photo, in pixels (demosaicing, sharpening, JPEG, resampling). */
const SHARP_EDGE_RISE_PX = 3;
/**
 * Blur is the outline's 10-90% rise beyond what a sharp edge spans in the photo's own pixels, in
 * mm on the card: past the first the report warns; past the second, wear as fine as
 * FINEST_WEAR_MM is smeared away and the photo is refused. Counting the pixels' own spread as
 * blur would refuse sharp photos of a card a third of the frame tall.
 */
const BLUR_WARN_MM = 0.3;
const BLUR_REJECT_MM = FINEST_WEAR_MM;
const blurMm = (risePx: number, pxPerMm: number) =>
  Math.sqrt(Math.max(0, risePx ** 2 - SHARP_EDGE_RISE_PX ** 2)) / pxPerMm;
/** Below this the report warns that fine wear may not show; the art is not searched for scratches there either. */
const LOW_RES_PX_PER_MM = ART_SCRATCH_MIN_PX_PER_MM;
/** Past this share of a face's edge length not read for chips, the report says so. */
const EDGES_UNREAD_WARN = 0.25;

const rejected = (rejection: GradeRejection): GradeOutcome => ({ ok: false, rejection });

/**
 * Grades a card from a photo of each face. Never throws for bad input: every photo that
 * cannot be graded is a rejection with a code and a sentence saying what to do.
 */
export async function gradeCard(front: Buffer, back: Buffer, options: GradeOptions = {}): Promise<GradeOutcome> {
  const timings: Record<string, number> = {};
  const time = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    timings[name] = Math.round((timings[name] ?? 0) + performance.now() - start);
    return result;
  };
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const hints = options.hints ?? {};
  const placedBy = (face: Face) => Boolean(options.cardAt ?? hints[face]);
  options.onStage?.('decode');
  const opened = await time('decode', () => Promise.all([openPhoto(front, maxPixels), openPhoto(back, maxPixels)]));
  const photos = {} as Record<Face, OpenedPhoto>;
  for (const [i, face] of (['front', 'back'] as const).entries()) {
    const o = opened[i]!;
    if (!o.ok) return rejected({ ...o.rejection, face, message: `${label(face)} photo: ${o.rejection.message}` });
    photos[face] = o.photo;
  }
  // Both faces at once: each decodes only the region around its card at full resolution.
  options.onStage?.('find');
  const find = (face: Face) => {
    if (options.cardAt) return placedCard(photos[face], options.cardAt[face], true);
    const hint = hints[face];
    return hint
      ? placedCard(
          photos[face],
          orderTopShort(hint.corners.map(([x, y]) => ({ x, y })) as [Point, Point, Point, Point]),
          false,
        )
      : findCardIn(photos[face]);
  };
  const detections = await time('detect', () => Promise.all([find('front'), find('back')]));
  const located = {} as Record<Face, FoundIn>;
  const regions = {} as Record<Face, PhotoRegion>;
  const found: Partial<Record<Face, FoundCard>> = {};
  for (const [i, face] of (['front', 'back'] as const).entries()) {
    const detection = detections[i]!;
    if (!detection.ok)
      return rejected({
        ...detection.rejection,
        face,
        message: `${label(face)} photo: ${detection.rejection.message}`,
      });
    located[face] = detection;
    regions[face] = detection.region;
    found[face] = detection.card;
  }
  const geometry = { front: shapeOf(found.front!, photos.front), back: shapeOf(found.back!, photos.back) };
  const outline = () => ({ front: toQuad(found.front!.corners), back: toQuad(found.back!.corners) });
  // How wide, in photo pixels, a sharp step spreads in each photo (see printRisePx where the card's edge shows none).
  const risePx: Record<Face, number> = { front: Number.NaN, back: Number.NaN };
  for (const face of ['front', 'back'] as const) {
    const checked = sharpAndLargeEnough(located[face], found[face]!);
    if (!checked.ok)
      return rejected({
        ...checked.rejection,
        face,
        message: `${label(face)} photo${checked.rejection.message}`,
        outline: outline(),
      });
    risePx[face] = checked.risePx;
  }
  // The faces that have a say in the card's size: an outline whose ratio with the perspective
  // undone lies near neither size under any phone lens was found on something else (a top
  // loader's rim on two sides and the card on the others), and its reading must not pick the size
  // the other face's outline is then judged by.
  const sizeFrom = () => {
    const saying = (['front', 'back'] as const).filter(
      (face) => placedBy(face) || Object.values(CARD_RATIOS).some((r) => mayReadAs(geometry[face].lensRatios, r)),
    );
    const voters = saying.length ? saying : (['front', 'back'] as const);
    return pairSize(
      voters.map((face) => geometry[face].ratios),
      CARD_RATIOS,
      voters.map((face) => found[face]!.throughHolder === true),
      voters.map((face) => geometry[face].lensRatios),
    );
  };
  let sized = sizeFrom();
  if (!sized.ok && (placedBy('front') || placedBy('back'))) {
    // Corners the owner placed are taken as given: the size is the one the found face fits, else standard.
    const unplaced = (['front', 'back'] as const).find((f) => !placedBy(f));
    sized = {
      ok: true,
      kind:
        unplaced &&
        fitsRatio(geometry[unplaced].ratios, CARD_RATIOS.small) &&
        !fitsRatio(geometry[unplaced].ratios, CARD_RATIOS.standard)
          ? 'small'
          : 'standard',
    };
  }
  // A face read smaller than the other's standard card: its printed frame may have been taken for
  // its edge on some sides (a white border on white paper, a black one on a dark desk). It is
  // widened to its own faint edge where one shows (widenedToStandard).
  const widenWhere = (readSmaller: (face: Face, other: Face) => boolean) => {
    for (const [face, other] of [
      ['front', 'back'],
      ['back', 'front'],
    ] as const) {
      if (placedBy(face) || !readSmaller(face, other)) continue;
      const wider = widenedToStandard(located[face], photos[face]);
      if (!wider) continue;
      found[face] = wider.card;
      geometry[face] = shapeOf(wider.card, photos[face]);
    }
  };
  // The perspective reading nearer the small size than the standard one.
  const nearerSmall = (face: Face) => geometry[face].ratios[geometry[face].ratios.length - 1]! < SIZE_BETWEEN;
  if (!sized.ok) {
    // One face standard (both readings fit it, or the perspective reading closely: a tilted
    // face's plain reading is off), the other read smaller.
    widenWhere(
      (face, other) =>
        (surelyFits(geometry[other].ratios, CARD_RATIOS.standard) ||
          readsAs(geometry[other].ratios, CARD_RATIOS.standard)) &&
        Math.max(...geometry[face].ratios) < CARD_RATIOS.standard,
    );
    sized = sizeFrom();
  } else if (sized.kind === 'standard') {
    // Both faces within the slack of the standard size, one read nearer the small one: a side
    // 3 mm in on the print moves a standard card's reading that far.
    widenWhere((face, other) => nearerSmall(face) && !nearerSmall(other));
  }
  if (!sized.ok) {
    // One face surely shows a size and the other's outline took in a sleeve's or a slab well's
    // plastic, or a shadow, beyond the card on some sides: those sides move in to the card's own
    // edge where the outline then reads that size (trimmedToSize). One face at most.
    for (const [face, other] of [
      ['front', 'back'],
      ['back', 'front'],
    ] as const) {
      const kind = (Object.keys(CARD_RATIOS) as (keyof typeof CARD_RATIOS)[]).find(
        (k) => surelyFits(geometry[other].ratios, CARD_RATIOS[k]) && readsAs(geometry[other].ratios, CARD_RATIOS[k]),
      );
      if (placedBy(face) || !kind || readsAs(geometry[face].ratios, CARD_RATIOS[kind])) continue;
      const inner = trimmedToSize(located[face], photos[face], CARD_RATIOS[kind]);
      if (!inner) continue;
      found[face] = inner.card;
      geometry[face] = shapeOf(inner.card, photos[face]);
      sized = sizeFrom();
      break;
    }
  }
  if (!sized.ok) {
    // The faces read different sizes, and one face's outline shows clearly all round while the
    // other's shows weakly (sizeOfTheClearOutline): the weaker is the likelier outline to lie off
    // the card (on a holder's rim, a table's line, the card's shadow), and the size is the clear
    // one's. The weaker face is then left out of the grade where it does not fit that size
    // (facesToGrade), and the owner told why. Two clear outlines of different sizes stay two cards.
    const clearKind = sizeOfTheClearOutline(
      (['front', 'back'] as const).map((face) => ({
        shown: outlineShown(photos[face], found[face]!),
        ratios: geometry[face].ratios,
        placed: placedBy(face),
      })),
      CARD_RATIOS,
    );
    if (clearKind) sized = { ok: true, kind: clearKind };
  }
  if (!sized.ok) {
    // One face reads as a card size and the other as neither: its outline, not the card, is the
    // likelier fault (a printed frame or a sleeve taken for the edge), and the owner is told so.
    // Where each reads as a size, the message still puts a misplaced outline first: in every one
    // of the zoo's 7 good tuning pairs still refused this way (seeds 1 to 720), both photos showed
    // the same card and one outline lay 1.4 to 3.8 mm off its edge (decision 0017).
    const readsAsASize = (face: Face) =>
      readsAs(geometry[face].ratios, CARD_RATIOS.standard) || readsAs(geometry[face].ratios, CARD_RATIOS.small);
    const doubtful = (['front', 'back'] as const).find(
      (face) => !readsAsASize(face) && readsAsASize(face === 'front' ? 'back' : 'front'),
    );
    return rejected({
      code: 'mismatched_sides',
      ...(doubtful ? { face: doubtful } : {}),
      message: doubtful
        ? `The front and back photos measure as cards of different sizes, but the ${doubtful} photo's outline measures between the two sizes: it may not follow the card's edge. If the green outline is off, place the corners yourself or retake that photo on a plain background; if these are two different cards, photograph both sides of the same card.`
        : "The front and back photos measure as cards of different sizes. If both show the same card, one photo's green outline does not follow the card's edge (a sleeve's edge or the printed frame taken for it): place that photo's corners yourself or retake it on a plain background. If they are two different cards, photograph both sides of the same card.",
      outline: outline(),
    });
  }
  const { kind } = sized;
  const size = SIZES[kind];
  const warnings: QualityWarning[] = [];
  const pxPerMm = { front: 0, back: 0 };
  for (const face of ['front', 'back'] as const) {
    const ppm = geometry[face].shortSidePx / size.widthMm;
    pxPerMm[face] = Math.round(ppm * 10) / 10;
    if (ppm < LOW_RES_PX_PER_MM) {
      warnings.push({
        code: 'low_resolution',
        face,
        message: `${label(face)} photo has ${ppm.toFixed(1)} pixels per mm: fine corner and edge wear may not show, and scratches in the artwork were not looked for (at this size they look like the art's own light strokes). Move closer for a surer grade.`,
      });
    }
    const rise = risePx[face];
    if (Number.isNaN(rise)) {
      // No step along the outline or in the print was clear enough to time: the sharpness is unknown, not good.
      warnings.push({
        code: 'blur',
        face,
        message: `${label(face)} photo: how sharp the photo is could not be measured, so small wear may be missed.`,
      });
    } else if (blurMm(rise, ppm) > BLUR_WARN_MM) {
      warnings.push({
        code: 'blur',
        face,
        message: `${label(face)} photo is slightly soft; small wear may be missed.`,
      });
    }
    if (found[face]!.throughHolder) {
      warnings.push({
        code: 'through_holder',
        face,
        message: `${label(face)} photo: the card was graded through a sleeve, top loader or slab, whose plastic can hide fine wear or add marks of its own. Take the card out for a surer grade.`,
      });
    }
  }

  // An outline without the card's shape was found on something else: a holder's rim, a printed
  // frame, the table. A correctly found card reads its size's ratio within the slack that told the
  // size (zoo tuning seeds 241 to 400: 225 of 227 faces found within 0.5 mm do, 29 of 79 found
  // more than 2 mm off), and with the perspective undone, under some phone lens, within RATIO_LOOSE
  // of it (mayReadAs; an outline run along a holder's rim on some sides does not). Every corner,
  // edge, surface and centering figure read from such an outline would describe what it runs
  // along, not the card. That face is left out of the grade, and where both are, nothing is
  // graded. Corners the owner placed are taken as given.
  const graded = facesToGrade(
    (['front', 'back'] as const).map((face) => ({ ...geometry[face], placed: placedBy(face) })),
    CARD_RATIOS[kind],
  );
  const assessed = (face: Face) => graded[face === 'front' ? 0 : 1]!;
  if (!assessed('front') && !assessed('back')) {
    return rejected({
      code: 'no_card',
      message:
        "The card's outline could not be made out in either photo: what was found does not have a trading card's shape. Take the card out of any sleeve or holder and photograph each side on a plain background that differs from its border, or place the card's corners yourself.",
      outline: outline(),
    });
  }
  options.onStage?.('measure');
  const faces = {} as Record<Face, Awaited<ReturnType<typeof measureFace>>>;
  for (const face of ['front', 'back'] as const) {
    faces[face] = await time('measure', () =>
      measureFace(regions[face], found[face]!, size, face, pxPerMm[face], assessed(face), hints[face]?.frame),
    );
    if (!assessed(face)) {
      warnings.push({
        code: 'face_not_assessed',
        face,
        message: `${label(face)} photo: the outline found does not have the card's shape (a holder's edge or the card's printed frame may have been taken for the card's own), so the ${face}'s corners, edges, surface and centering were not graded. Retake it with the card out of any holder, on a plain background.`,
      });
      continue;
    }
    // No card within 5 mm of two virtual corners: the outline was put where the card is not (a
    // border as dark as the cloth, with the card's shadow beside it), and every corner, edge and
    // centering figure of this face would be wrong.
    if (faces[face].corners.cardNotFound >= 2 && !placedBy(face)) {
      return rejected({
        code: 'no_card',
        face,
        message: `${label(face)} photo: the edges of the card could not be found. Use a plain background that differs from the card border, such as white paper, with even light, or place the card's corners yourself.`,
        outline: outline(),
      });
    }
    const glare = faces[face].surface.glareShare;
    if (glare > 0.3) {
      return rejected({
        code: 'heavy_glare',
        face,
        message: `${label(face)} photo: glare hides much of the card. Turn off the flash and tilt the card or the light until the reflection is gone.`,
        outline: outline(),
      });
    }
    if (glare > 0.05) {
      warnings.push({
        code: 'glare',
        face,
        message: `Glare covers about ${Math.round(glare * 100)}% of the ${face}; what lies under it was not measured.`,
      });
    }
    const edgesUnread =
      faces[face].edges.views.reduce((t, v) => t + v.notAssessedMm, 0) / (2 * (size.widthMm + size.heightMm));
    if (edgesUnread > EDGES_UNREAD_WARN) {
      warnings.push({
        code: 'edges_not_assessed',
        face,
        message: `${label(face)}: about ${Math.round(edgesUnread * 100)}% of the card's edges could not be told from what lies beside them (art to the edge, a holder, a background like the card), so chips there were not looked for.`,
      });
    }
    // A light border's whitening shows only as roughness: where it could not be read, the corners
    // were judged on their shape alone (the holder's own warning covers a card seen through plastic).
    const unread = (reason: CornerView['whiteningUnread']) =>
      faces[face].corners.views.filter((v) => v.whiteningUnread === reason).length;
    if (unread('background') > 0) {
      warnings.push({
        code: 'corners_not_assessed',
        face,
        message: `${label(face)}: at ${unread('background')} of its corners the card's light border is the colour of what lies beneath it, so whitening and rounding there could not be read. Retake the photo on a darker plain background.`,
      });
    } else if (unread('resolution') > 0) {
      warnings.push({
        code: 'corners_not_assessed',
        face,
        message: `${label(face)}: on a white or light grey border, whitening shows only as a fine roughness, too fine for this photo (${pxPerMm[face]} pixels per mm), so ${unread('resolution') === 4 ? 'the corners were' : `${unread('resolution')} of the corners were`} judged on their shape alone. Move closer (${LIGHT_WEAR_MIN_PX_PER_MM} pixels per mm or more) or look the corners over under a light.`,
      });
    }
    if (faces[face].surface.notAssessed.reasons.includes('busy_art')) {
      warnings.push({
        code: 'surface_not_assessed',
        face,
        message: `${label(face)}: the artwork is too busy with foil or fine strokes to tell a scratch from print at this resolution, so it was not checked for scratches. Look it over under a light.`,
      });
    }
    if (!faces[face].centering.measurable) {
      warnings.push({
        code: 'centering_not_measurable',
        face,
        message: `${label(face)} centering could not be measured: ${faces[face].centering.reason}`,
      });
    }
  }

  const centeringGrades = (['front', 'back'] as const)
    .map((f) => faces[f].centering.grade)
    .filter((g): g is number => g !== undefined);
  // Neither face measurable (borderless, full art, a blocked border): not measured, never a 10.
  const centering = centeringGrades.length ? Math.min(...centeringGrades) : null;
  const cornerViews = [...faces.front.corners.views, ...faces.back.corners.views];
  const corners = Math.min(...cornerViews.map((v) => v.grade));
  const edgeSeverity = [...faces.front.edges.views, ...faces.back.edges.views].reduce((t, v) => t + v.severityMm, 0);
  const edges = edgesGrade(edgeSeverity);
  const surfaceScore = faces.front.surface.score + 0.5 * faces.back.surface.score;
  const creases = {
    count: faces.front.surface.creases.count + faces.back.surface.creases.count,
    longestMm: Math.max(faces.front.surface.creases.longestMm, faces.back.surface.creases.longestMm),
  };
  const surface = surfaceGrade(surfaceScore, creases);
  const overall = overallScore({ centering, corners, edges, surface });
  const defects = (['front', 'back'] as const).flatMap((f) => [
    ...faces[f].corners.defects,
    ...faces[f].edges.defects,
    ...faces[f].surface.defects,
  ]);
  const edgeDefectsGrade = edges;
  for (const d of defects) if (d.kind.startsWith('edge')) d.impliedGrade = edgeDefectsGrade;
  for (const d of defects)
    if (d.kind === 'scratch' || d.kind === 'spot' || d.kind === 'print_line') d.impliedGrade = surface;
  const borderInspected =
    faces.front.surface.inspected === 'border_and_art' || faces.back.surface.inspected === 'border_and_art';
  // Faces whose artwork was not searched for scratches: photographed too coarsely to tell one from the art's own strokes.
  const artUnread = (['front', 'back'] as const).filter(
    (face) => assessed(face) && faces[face].surface.notAssessed.reasons.includes('low_resolution'),
  );
  const tooCoarse = "too coarse to tell a scratch from the art's own light strokes; move closer";
  const oneFace =
    artUnread.length === 1
      ? `on the ${artUnread[0] === 'front' ? 'back' : 'front'} only (the ${artUnread[0]} photo is ${tooCoarse})`
      : '';
  const artScratches = [
    'the artwork for scratches',
    `the artwork for scratches ${oneFace}`,
    `not the artwork for scratches (both photos are ${tooCoarse})`,
  ][artUnread.length]!;
  const artOnly = [
    'so the artwork was checked only for scratches',
    `so the artwork was checked only for scratches, and ${oneFace}`,
    `and the artwork could not be checked for scratches either (both photos are ${tooCoarse})`,
  ][artUnread.length]!;
  const surfaceNote = borderInspected
    ? `Surface: both faces were checked for creases and print lines, the printed borders for scratches and spots, ${artScratches}. Spots and dents inside the artwork are not measured yet, so look over the art under a light before sending the card in.`
    : `Surface: both faces were checked for creases and print lines; neither has a plain printed border, ${artOnly}. Look over the card under a light for spots and dents.`;

  const measured: Omit<GradeReport, 'notes' | 'confidence'> = {
    rubricVersion: 1,
    overallGrade: toIntegerGrade(overall),
    centeringGrade: toReportedGrade(centering),
    cornerGrade: toIntegerGrade(corners),
    edgeGrade: toIntegerGrade(edges),
    surfaceGrade: toIntegerGrade(surface),
    scores: { overall, centering, corners, edges, surface },
    centering: { front: faces.front.centering, back: faces.back.centering },
    cardSize: { kind, ...size },
    defects,
    warnings,
    timingsMs: timings,
    pxPerMm,
  };
  options.onStage?.('report');
  const base = { ...measured, confidence: confidenceOf(measured) };
  const report: GradeReport = {
    ...base,
    notes: writeNotes(base, surfaceNote),
    outline: outline(),
    ownerSet: {
      front: { outline: Boolean(hints.front), frame: Boolean(hints.front?.frame) },
      back: { outline: Boolean(hints.back), frame: Boolean(hints.back?.frame) },
    },
    view: { marginMm: faces.front.rectified.marginMm },
    surfaceInspected: surfaceNote,
  };
  const annotated = options.annotate
    ? await time('annotate', async () => ({
        front: await annotate(
          faces.front.rectified,
          faces.front.centering,
          defects.filter((d) => d.face === 'front'),
          options.annotate === 'plain',
        ),
        back: await annotate(
          faces.back.rectified,
          faces.back.centering,
          defects.filter((d) => d.face === 'back'),
          options.annotate === 'plain',
        ),
      }))
    : { front: Buffer.alloc(0), back: Buffer.alloc(0) };
  timings.total = Object.values(timings).reduce((a, b) => a + b, 0);
  return { ok: true, report, annotated };
}

/**
 * A face rectified and measured. A face left out of the grade (`assessed` false: its outline has
 * no card's shape) is only rectified, for the report's pictures: no centering, corner, edge or
 * surface reading.
 */
function measureFace(
  photo: PhotoRegion,
  card: FoundCard,
  size: { widthMm: number; heightMm: number },
  face: Face,
  photoPxPerMm: number,
  assessed: boolean,
  frame?: Frame,
) {
  const bg = card.background;
  const fill = labToApproxRgb(bg);
  const rectified = rectify(photo, card.corners, size, fill, photoPxPerMm);
  if (!assessed) {
    const surface: SurfaceMeasurement = {
      score: 0,
      creases: { count: 0, longestMm: 0 },
      defects: [],
      glareShare: 0,
      inspected: 'art',
      notAssessed: { share: 1, reasons: [] },
    };
    return {
      rectified,
      centering: {
        measurable: false,
        reason:
          "The outline found in this photo does not have the card's shape, so the card's borders could not be located.",
      } as CenteringFace,
      corners: { views: [] as CornerView[], defects: [] as Defect[], cardNotFound: 0 },
      edges: { views: [] as EdgeView[], defects: [] as Defect[] },
      surface,
    };
  }
  const lab = labFace(rectified);
  const borders = measureBorders(lab);
  const measured = centeringOf(borders, face);
  // A side placed by the card's size, not seen: its border's width would be made up. Lines the
  // owner set stand in for the measured ones.
  const centering: CenteringFace = frame
    ? centeringFromFrame(frame, size, face)
    : card.inferredSide === undefined
      ? measured
      : {
          measurable: false,
          reason: `The card's own edge along the ${SIDE_NAMES[card.inferredSide]} could not be seen against the table (it was placed where the card's size puts it), so the border's width there is not known.`,
        };
  return {
    rectified,
    centering,
    corners: measureCorners(lab, borders, face, card.throughHolder === true),
    edges: measureEdges(lab, borders, face, card.throughHolder === true),
    surface: measureSurface(lab, borders, face, measured.measurable),
  };
}

/** The sides as FoundCard's corners run: TL to TR is the top. */
const SIDE_NAMES = ['top', 'right', 'bottom', 'left'] as const;

function shapeOf(card: FoundCard, photo: { width: number; height: number }) {
  const [tl, tr, br, bl] = card.corners;
  const shortSidePx = (distance(tl, tr) + distance(bl, br)) / 2;
  return { shortSidePx, ratios: ratioReadings(card.corners, photo), lensRatios: lensReadings(card.corners, photo) };
}

/** Grey of the background's lightness: only used to fill pixels outside the photo. */
function labToApproxRgb(lab: [number, number, number]): [number, number, number] {
  const v = Math.round(Math.max(0, Math.min(255, (lab[0] / 100) * 255)));
  return [v, v, v];
}

/**
 * The card where the caller says it is: the whole photo decoded. A benchmark's true corners lie on
 * a sharp outline; an owner's placed corners say nothing of sharpness, which the print then tells
 * (printRisePx), so a blurred photo is refused however its corners were found.
 */
async function placedCard(
  photo: OpenedPhoto,
  corners: [Point, Point, Point, Point],
  sharp: boolean,
): Promise<CardInPhoto> {
  const decoded = await decodeRegion(photo, { left: 0, top: 0, width: photo.width, height: photo.height });
  if (!decoded.ok) return decoded;
  return {
    ok: true,
    card: { corners, background: [50, 0, 0], edgeRisePx: sharp ? 0 : Number.NaN },
    region: decoded.region,
  };
}

const toQuad = (corners: [Point, Point, Point, Point]): Quad =>
  corners.map((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]) as Quad;

/**
 * A found card large and sharp enough to grade, with how wide a sharp step spreads in its photo;
 * or why not (the message goes after the face's name).
 */
function sharpAndLargeEnough(
  located: FoundIn,
  card: FoundCard,
): { ok: true; risePx: number } | { ok: false; rejection: GradeRejection } {
  const [tl, tr, br, bl] = card.corners;
  // A rough size first (the two sizes differ by 6%), only to tell a card too small to judge.
  const roughPxPerMm = (distance(tl, tr) + distance(bl, br)) / 2 / SIZES.standard.widthMm;
  if (roughPxPerMm < MIN_PX_PER_MM * 0.94) {
    if (located.cutOffSeen) {
      const { rejection } = finderRejection('card_cut_off');
      return { ok: false, rejection: { ...rejection, message: `: ${rejection.message}` } };
    }
    return {
      ok: false,
      rejection: {
        code: 'too_small',
        message:
          ': the card is too small in the photo to see its wear. Move closer so the card fills most of the picture.',
      },
    };
  }
  // Where the card's edge gave no step to time, the print just inside it tells how sharp the photo is.
  const rise = Number.isNaN(card.edgeRisePx)
    ? printRisePx(located.region, card.corners, roughPxPerMm)
    : card.edgeRisePx;
  if (blurMm(rise, roughPxPerMm) > BLUR_REJECT_MM) {
    return {
      ok: false,
      rejection: {
        code: 'too_blurry',
        message:
          ' is too blurry to grade. Hold the phone still, tap the card to focus and take it again in good light.',
      },
    };
  }
  return { ok: true, risePx: rise };
}

const label = (face: Face) => (face === 'front' ? 'Front' : 'Back');

/**
 * The card in one photo, as gradeCard finds it (preview, rough outline, the region around it
 * decoded, sides fitted): for tests and tools that check detection alone.
 */
export async function detectCard(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<Detection> {
  const opened = await openPhoto(input, maxPixels);
  if (!opened.ok) return opened;
  const found = await findCardIn(opened.photo);
  return found.ok ? { ok: true, card: found.card } : found;
}

/**
 * What the card finder sees in each photo, for the owner to confirm or correct before grading:
 * the card's corners and its frame lines, or why none were found. Costs a search and one border
 * reading per face, no grading. A face found but too small or too blurry says so: placing its
 * corners by hand would not help.
 */
export async function locateCards(
  front: Buffer,
  back: Buffer,
  maxPixels = DEFAULT_MAX_PIXELS,
): Promise<FacesDetection> {
  const [f, b] = await Promise.all([locateFace(front, maxPixels), locateFace(back, maxPixels)]);
  return { front: f.detection, back: b.detection, imageSize: { front: f.size, back: b.size } };
}

async function locateFace(
  input: Buffer,
  maxPixels: number,
): Promise<{ detection: FaceDetection; size: { width: number; height: number } }> {
  const none = (rejection: GradeRejection, corners: Quad | null = null): FaceDetection => ({
    found: corners !== null,
    corners,
    frame: null,
    code: rejection.code,
    message: rejection.message,
    retake: RETAKE_ONLY.includes(rejection.code),
  });
  const opened = await openPhoto(input, maxPixels);
  if (!opened.ok) return { detection: none(opened.rejection), size: { width: 0, height: 0 } };
  const photo = opened.photo;
  const size = { width: photo.width, height: photo.height };
  const found = await findCardIn(photo);
  if (!found.ok) return { detection: none(found.rejection), size };
  const corners = toQuad(found.card.corners);
  const checked = sharpAndLargeEnough(found, found.card);
  if (!checked.ok)
    return {
      detection: none({ ...checked.rejection, message: `This photo${checked.rejection.message}` }, corners),
      size,
    };
  const { ratios } = shapeOf(found.card, photo);
  const kind = fitsRatio(ratios, CARD_RATIOS.small) && !fitsRatio(ratios, CARD_RATIOS.standard) ? 'small' : 'standard';
  let frame: Frame | null = null;
  if (fitsRatio(ratios, CARD_RATIOS[kind]) && found.card.inferredSide === undefined) {
    const cardSize = SIZES[kind];
    const rectified = rectify(
      found.region,
      found.card.corners,
      cardSize,
      labToApproxRgb(found.card.background),
      shapeOf(found.card, photo).shortSidePx / cardSize.widthMm,
    );
    const centering = centeringOf(measureBorders(labFace(rectified)), 'front');
    frame = centering.frame ?? null;
  }
  return { detection: { found: true, corners, frame, retake: false }, size };
}
