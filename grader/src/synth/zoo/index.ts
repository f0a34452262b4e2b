import type { RejectionCode } from '@gradelens/shared';
import type { GroundTruth } from '../index.ts';
import { seededRandom, type Random } from '../random.ts';
import { noDamage, pickDamage, type DamageWish, type FaceDamage } from './damage.ts';
import { deskTexture, type Background } from './desk.ts';
import { pickBorders, type FacePlan } from './face.ts';
import { CARD_MM, FAMILIES, FAMILY_DESIGNS, type Family } from './families/index.ts';
import type { FoilKind } from './foil.ts';
import type { Holder } from './holder.ts';
import { zooConditions } from './seeds.ts';
import { shoot, type ShotSetup } from './shoot.ts';
import { centeringTruth, creaseLengths, expectedScores, printLineLengths, scratchMm } from './truth.ts';

export { ZOO_TEST_SEEDS, ZOO_TUNING_SEEDS, zooConditions, type ZooConditions } from './seeds.ts';
export { BACKGROUNDS, type Background } from './desk.ts';
export { HOLDERS, type Holder } from './holder.ts';
export { FAMILIES, type Family } from './families/index.ts';

/** Bumped whenever a change makes the same seed give a different photo (for caches of cases). */
export const ZOO_VERSION = 3;

export interface ZooOptions {
  seed: number;
  /** Each defaults to what zooConditions(seed) spreads the seed to. */
  frame?: '12mp' | '1080p';
  family?: Family;
  background?: Background;
  holder?: Holder;
  damaged?: boolean;
}

/** What was drawn, beside the truth: for results per family and per photo condition. */
export interface ZooMeta {
  family: Family;
  frontStyle: string;
  backFamily: Family;
  foil: FoilKind;
  background: Background;
  holder: Holder;
  damaged: boolean;
  /** The kinds of wear drawn ('corners', 'edges', 'scratches', 'crease', 'print_line'). */
  damage: string[];
  /** Card height over frame height, per face. */
  cardShare: { front: number; back: number };
  tiltDeg: { front: number; back: number };
  glare: boolean;
  phoneShadow: boolean;
}

export interface ZooCase {
  front: Buffer;
  back: Buffer;
  truth: GroundTruth;
  meta: ZooMeta;
}

type BadKind = Exclude<RejectionCode, 'not_an_image' | 'corrupt_image' | 'too_many_pixels' | 'no_card' | 'heavy_glare'>;
/** The rejections the zoo draws photos for, in the order generateZooBadInput cycles through them. */
export const ZOO_BAD_INPUTS: readonly BadKind[] = [
  'multiple_cards',
  'card_cut_off',
  'too_small',
  'too_blurry',
  'mismatched_sides',
];

function pickFoil(rng: Random, style: string): FoilKind {
  if (style === 'full_art') return 'holo';
  const roll = rng.next();
  return roll < 0.45 ? 'none' : roll < 0.65 ? 'holo' : roll < 0.8 ? 'reverse' : roll < 0.9 ? 'etched' : 'sparkle';
}

function pickWish(rng: Random): DamageWish {
  const wish = {
    corners: rng.next() < 0.6,
    edges: rng.next() < 0.4,
    scratches: rng.next() < 0.35,
    crease: rng.next() < 0.12,
    printLine: rng.next() < 0.1,
  };
  if (!Object.values(wish).some(Boolean)) wish.corners = true;
  return wish;
}

function plans(rng: Random, family: Family, backFamily: Family, damaged: boolean) {
  const design = FAMILY_DESIGNS[family];
  const front = rng.pick(design.fronts);
  const size = design.size;
  const { w, h } = CARD_MM[size];
  const wish = damaged ? pickWish(rng) : null;
  const frontDamage: FaceDamage = wish ? pickDamage(rng, wish, w, h, design.cornerRadius) : noDamage();
  // Wear on the back: corners and edges wear on both sides, the rest mostly on one.
  const backWish = wish
    ? {
        corners: wish.corners && rng.next() < 0.6,
        edges: wish.edges && rng.next() < 0.5,
        scratches: rng.next() < 0.15,
        crease: false,
        printLine: false,
      }
    : null;
  const backDesign = FAMILY_DESIGNS[backFamily];
  const backSize = CARD_MM[backDesign.size];
  const backDamage = backWish ? pickDamage(rng, backWish, backSize.w, backSize.h, backDesign.cornerRadius) : noDamage();
  const frontPlan: FacePlan = {
    family,
    side: 'front',
    style: front.style,
    size,
    borders: front.border === null ? null : pickBorders(rng, front.border, 'front'),
    foil: pickFoil(rng, front.style),
    damage: frontDamage,
  };
  const backPlan: FacePlan = {
    family: backFamily,
    side: 'back',
    style: 'back',
    size: backDesign.size,
    borders: pickBorders(rng, backDesign.backBorder, 'back'),
    foil: 'none',
    damage: backDamage,
  };
  const kinds = [
    ...new Set(
      [frontDamage, backDamage].flatMap((d) => [
        ...(Math.max(...d.cornerWhitening) > 0 ? ['corners'] : []),
        ...(d.edges.length ? ['edges'] : []),
        ...(d.scratches.length ? ['scratches'] : []),
        ...(d.creases.length ? ['crease'] : []),
        ...(d.printLines.length ? ['print_line'] : []),
      ]),
    ),
  ];
  return { frontPlan, backPlan, kinds };
}

/** A realistic card share of the frame's height: a quarter to four fifths at 12 MP, more at 1080p where pixels are scarce. */
const cardShare = (rng: Random, frame: '12mp' | '1080p') =>
  frame === '12mp' ? rng.range(0.25, 0.8) : rng.range(0.4, 0.85);

async function make(options: ZooOptions, bad?: BadKind): Promise<ZooCase> {
  const rng = seededRandom(options.seed ^ 0x5a00);
  const spread = zooConditions(options.seed);
  const frame = options.frame ?? spread.frame;
  const family = options.family ?? spread.family;
  const background = options.background ?? spread.background;
  const holder = bad === 'multiple_cards' ? 'none' : (options.holder ?? spread.holder);
  const damaged = options.damaged ?? spread.damaged;
  // Front and back of different sizes: a Yu-Gi-Oh-like back behind a standard card, or the other way round.
  const backFamily =
    bad === 'mismatched_sides'
      ? family === 'yugioh'
        ? rng.pick(FAMILIES.filter((f) => f !== 'yugioh'))
        : 'yugioh'
      : family;
  const { frontPlan, backPlan, kinds } = plans(rng, family, backFamily, damaged);
  const desk = deskTexture(rng, background);
  const setup = (face: 'front' | 'back'): ShotSetup => {
    const { height } = frame === '12mp' ? { height: 3000 } : { height: 1080 };
    const share =
      bad === 'too_small' && face === 'front'
        ? rng.range(95, 140) / height
        : bad === 'multiple_cards' && face === 'front'
          ? rng.range(0.35, 0.55)
          : cardShare(rng, frame);
    return {
      frame,
      desk,
      holder,
      cardShare: share,
      layout:
        face === 'front' && bad === 'multiple_cards'
          ? 'pair'
          : face === 'front' && bad === 'card_cut_off'
            ? 'cut_off'
            : 'single',
      ...(bad === 'too_blurry' && face === 'front' ? { forceBlurSigma: Math.max(8, 0.015 * share * height) } : {}),
    };
  };
  const second: FacePlan | null =
    bad === 'multiple_cards'
      ? plans(
          rng,
          rng.pick(FAMILIES.filter((f) => FAMILY_DESIGNS[f].size === FAMILY_DESIGNS[family].size)),
          family,
          false,
        ).frontPlan
      : null;
  const frontShot = await shoot(rng, second ? [frontPlan, second] : [frontPlan], setup('front'));
  const backShot = await shoot(rng, [backPlan], setup('back'));
  const { w, h } = CARD_MM[frontPlan.size];
  const expected = expectedScores(frontPlan, backPlan, w, h);
  const backMm = CARD_MM[backPlan.size];
  const truth: GroundTruth = {
    cardSize: frontPlan.size,
    centering: { front: centeringTruth(frontPlan.borders), back: centeringTruth(backPlan.borders) },
    cornerWhitening: { front: [...frontPlan.damage.cornerWhitening], back: [...backPlan.damage.cornerWhitening] },
    pxPerMm: { front: frontShot.pxPerMm, back: backShot.pxPerMm },
    printLinesMm: {
      front: printLineLengths(frontPlan.damage, w, h),
      back: printLineLengths(backPlan.damage, backMm.w, backMm.h),
    },
    creasesMm: { front: creaseLengths(frontPlan.damage), back: creaseLengths(backPlan.damage) },
    scratchMm: { front: scratchMm(frontPlan.damage), back: scratchMm(backPlan.damage) },
    corners: { front: frontShot.corners, back: backShot.corners },
    frame,
    expected,
    ...(bad ? { expectedRejection: bad } : {}),
  };
  const meta: ZooMeta = {
    family,
    frontStyle: frontPlan.style,
    backFamily,
    foil: frontPlan.foil,
    background,
    holder,
    damaged,
    damage: kinds,
    cardShare: { front: frontShot.cardShare, back: backShot.cardShare },
    tiltDeg: { front: frontShot.tiltDeg, back: backShot.tiltDeg },
    glare: frontShot.glare || backShot.glare,
    phoneShadow: frontShot.phoneShadow || backShot.phoneShadow,
  };
  return { front: frontShot.jpeg, back: backShot.jpeg, truth, meta };
}

/** One gradable front/back pair from the design zoo, with its ground truth and what was drawn. */
export const generateZooCase = (options: ZooOptions): Promise<ZooCase> => make(options);

/**
 * A pair the engine should refuse, with the code it should answer in truth.expectedRejection:
 * consecutive seeds cycle through ZOO_BAD_INPUTS (or `code` picks one).
 */
export function generateZooBadInput(seed: number, code?: BadKind): Promise<ZooCase> {
  const kind = code ?? ZOO_BAD_INPUTS[Math.abs(Math.trunc(seed)) % ZOO_BAD_INPUTS.length]!;
  return make({ seed, damaged: false }, kind);
}
