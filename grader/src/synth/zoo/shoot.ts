import sharp from 'sharp';
import type { Random } from '../random.ts';
import { apply, invert, multiply, objectToTable, tableToFrame, type Mat3 } from './camera.ts';
import { renderDesk, type deskTexture } from './desk.ts';
import { renderFace, type FacePlan } from './face.ts';
import { CARD_MM } from './families/index.ts';
import { holderLayout, type Holder } from './holder.ts';
import { photograph, type Light, type PlacedObject, type Processing } from './photo.ts';

export const FRAMES = { '12mp': { width: 4000, height: 3000 }, '1080p': { width: 1920, height: 1080 } } as const;

type Point = { x: number; y: number };

export interface ShotSetup {
  frame: '12mp' | '1080p';
  desk: ReturnType<typeof deskTexture>;
  holder: Holder;
  /** The card's height as a share of the frame's height. */
  cardShare: number;
  /** 'cut_off' pushes the card partly out of the frame; 'pair' lays a second card beside it. */
  layout: 'single' | 'cut_off' | 'pair';
  /** A blur far past what a phone would save, for the too-blurry rejection. */
  forceBlurSigma?: number;
}

export interface Shot {
  jpeg: Buffer;
  /** The card's virtual corners (TL, TR, BR, BL) in frame pixels, pixel edges at integers. */
  corners: Point[];
  pxPerMm: number;
  /** The card's height over the frame's (less than asked for when a tall holder had to fit). */
  cardShare: number;
  tiltDeg: number;
  glare: boolean;
  phoneShadow: boolean;
}

const inside = (pts: Point[], w: number, h: number, margin: number) =>
  pts.every((p) => p.x >= margin && p.y >= margin && p.x <= w - margin && p.y <= h - margin);

/** Lays the card (and its holder) on the table, takes the photo, and says where the card's corners came out. */
export async function shoot(rng: Random, plans: FacePlan[], setup: ShotSetup): Promise<Shot> {
  const { width: W, height: H } = FRAMES[setup.frame];
  const tiltDeg = rng.range(0, 15);
  const card = CARD_MM[plans[0]!.size];
  const holder = holderLayout(rng, setup.layout === 'pair' ? 'none' : setup.holder, card.w, card.h);
  // Keep the holder (a slab is half again as tall as the card) inside the frame.
  const share = Math.min(setup.cardShare, (0.82 * card.h) / holder.h);
  const pxPerMm = (share * H) / card.h;
  const toFrame = tableToFrame(W, H, tiltDeg, rng.range(0, 360), pxPerMm);
  const fromFrame = invert(toFrame);
  // A little finer than the photo needs, so the warp only ever shrinks it.
  const scale = Math.max(4, Math.min(40, pxPerMm * 1.1));
  const angle = rng.range(-10, 10);
  const margin = 0.02 * H;

  // One after another: the faces draw from the same random stream, so their order must be fixed.
  const objectRasters: { rgba: Buffer; width: number; height: number }[] = [];
  // Where the card sits in its object's raster, in whole pixels, as it is drawn.
  const cardBox = {
    left: holder.under ? Math.round(holder.cardX * scale) : 0,
    top: holder.under ? Math.round(holder.cardY * scale) : 0,
    width: 0,
    height: 0,
  };
  for (const plan of plans) {
    const face = await renderFace(rng, plan, scale);
    cardBox.width ||= face.width;
    cardBox.height ||= face.height;
    if (!holder.under) {
      objectRasters.push({ rgba: face.rgba, width: face.width, height: face.height });
      continue;
    }
    const width = Math.round(holder.w * scale);
    const height = Math.round(holder.h * scale);
    const svg = (body: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${holder.w} ${holder.h}" preserveAspectRatio="none">${body}</svg>`,
      );
    const rgba = await sharp(svg(holder.under))
      .composite([
        {
          input: face.rgba,
          raw: { width: face.width, height: face.height, channels: 4 },
          left: cardBox.left,
          top: cardBox.top,
        },
        { input: svg(holder.over) },
      ])
      .ensureAlpha()
      .raw()
      .toBuffer();
    objectRasters.push({ rgba, width, height });
  }

  const place = (x: number, y: number, raster: { width: number; height: number }): Mat3 =>
    multiply(toFrame, objectToTable(raster.width / scale, raster.height / scale, scale, angle, x, y));
  const outlineOf = (m: Mat3, r: { width: number; height: number }) => [
    apply(m, 0, 0),
    apply(m, r.width, 0),
    apply(m, r.width, r.height),
    apply(m, 0, r.height),
  ];
  const first = objectRasters[0]!;
  let target = apply(fromFrame, W * (0.5 + rng.range(-0.22, 0.22)), H * (0.5 + rng.range(-0.12, 0.12)));
  const gap = card.w / 2 + rng.range(4, 12);
  const positions = () =>
    setup.layout === 'pair'
      ? [
          { x: target.x - gap, y: target.y },
          { x: target.x + gap, y: target.y },
        ]
      : [target];
  // Move towards the middle of the frame until everything is inside it.
  for (
    let i = 0;
    i < 30 &&
    !positions().every((p, k) =>
      inside(outlineOf(place(p.x, p.y, objectRasters[k] ?? first), objectRasters[k] ?? first), W, H, margin),
    );
    i += 1
  ) {
    target = { x: target.x * 0.8, y: target.y * 0.8 };
  }
  if (setup.layout === 'cut_off') {
    // A third to a half of the card beyond one side of the frame.
    const side = rng.int(0, 3);
    const cardPx = card.h * pxPerMm;
    const out = rng.range(0.3, 0.5) * cardPx;
    const at = [
      { x: W / 2, y: cardPx / 2 - out },
      { x: W - (card.w * pxPerMm) / 2 + out * 0.7, y: H / 2 },
      { x: W / 2, y: H - cardPx / 2 + out },
      { x: (card.w * pxPerMm) / 2 - out * 0.7, y: H / 2 },
    ][side]!;
    target = apply(fromFrame, at.x, at.y);
  }
  const objects: PlacedObject[] = positions().map((p, k) => {
    const r = objectRasters[k] ?? first;
    return { ...r, toFrame: place(p.x, p.y, r) };
  });
  const main = objects[0]!;
  const { left, top, width: cw, height: ch } = cardBox;
  const corners = [
    apply(main.toFrame, left, top),
    apply(main.toFrame, left + cw, top),
    apply(main.toFrame, left + cw, top + ch),
    apply(main.toFrame, left, top + ch),
  ];
  const area =
    0.5 * Math.abs(corners.reduce((t, p, i) => t + p.x * corners[(i + 1) % 4]!.y - corners[(i + 1) % 4]!.x * p.y, 0));

  const lampAngle = rng.range(0, 2 * Math.PI);
  const centre = corners.reduce((c, p) => ({ x: c.x + p.x / 4, y: c.y + p.y / 4 }), { x: 0, y: 0 });
  const cardPx = card.h * pxPerMm;
  const phoneShadow = rng.next() < 0.25;
  const glare = rng.next() < 0.2;
  const light: Light = {
    vignette: rng.range(0.05, 0.35),
    lampFalloff: rng.range(0, 0.3),
    lampAngle,
    contactShadow: {
      dx: -Math.cos(lampAngle) * rng.range(0.2, 1.0) * pxPerMm,
      dy: -Math.sin(lampAngle) * rng.range(0.2, 1.0) * pxPerMm,
      soft: rng.range(0.5, 1.5) * pxPerMm,
      strength: rng.range(0.15, 0.4),
    },
    ...(phoneShadow
      ? {
          phoneShadow: {
            x: centre.x + rng.range(-0.6, 0.6) * cardPx,
            y: centre.y + rng.range(0.5, 0.9) * cardPx * (rng.next() < 0.5 ? 1 : -1),
            rx: rng.range(0.5, 0.9) * cardPx,
            ry: rng.range(0.35, 0.6) * cardPx,
            angle: rng.range(0, Math.PI),
            strength: rng.range(0.12, 0.3),
          },
        }
      : {}),
    glare: glare
      ? [
          {
            x: centre.x + rng.range(-0.3, 0.3) * cardPx * 0.7,
            y: centre.y + rng.range(-0.3, 0.3) * cardPx,
            radius: rng.range(0.03, 0.07) * cardPx,
            peak: rng.range(50, 120),
          },
        ]
      : [],
  };
  const processing: Processing = {
    noise: rng.range(1, 5),
    denoiseSigma: setup.forceBlurSigma ?? rng.range(0, setup.frame === '12mp' ? 1.1 : 0.7),
    sharpen: rng.next() < 0.6 ? { amount: rng.range(0.2, 1) } : null,
    jpegQuality: rng.int(70, 95),
  };
  const desk = await renderDesk(setup.desk, toFrame, W, H, setup.frame === '12mp' ? 4 : 2);
  const jpeg = await photograph(desk, W, H, objects, light, processing, rng.int(1, 2 ** 31));
  return { jpeg, corners, pxPerMm: Math.sqrt(area / (card.w * card.h)), cardShare: share, tiltDeg, glare, phoneShadow };
}
