/** 3 x 3 projective maps, row-major: the card's plane seen by a phone camera. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

export const multiply = (a: Mat3, b: Mat3): Mat3 => {
  const m = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r += 1)
    for (let c = 0; c < 3; c += 1) for (let k = 0; k < 3; k += 1) m[r * 3 + c]! += a[r * 3 + k]! * b[k * 3 + c]!;
  return m as Mat3;
};

export function invert(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

export const apply = (m: Mat3, x: number, y: number) => {
  const w = m[6] * x + m[7] * y + m[8];
  return { x: (m[0] * x + m[1] * y + m[2]) / w, y: (m[3] * x + m[4] * y + m[5]) / w };
};

/**
 * A phone tilted by tiltDeg (about an axis at axisDeg in the plane) over a flat table, seen
 * by a lens with a 54 degree vertical field (a main camera's 26 mm equivalent in 4:3). The map
 * takes table millimetres (origin under the frame's centre) to frame pixels; pxPerMm is the
 * scale where the optical axis meets the table.
 */
export function tableToFrame(frameW: number, frameH: number, tiltDeg: number, axisDeg: number, pxPerMm: number): Mat3 {
  const focal = frameH / 2 / Math.tan((27 * Math.PI) / 180);
  const distance = focal / pxPerMm;
  const t = (tiltDeg * Math.PI) / 180;
  const [kx, ky] = [Math.cos((axisDeg * Math.PI) / 180), Math.sin((axisDeg * Math.PI) / 180)];
  // Rodrigues' rotation about the in-plane axis (kx, ky, 0): only the first two columns matter.
  const [c, s, v] = [Math.cos(t), Math.sin(t), 1 - Math.cos(t)];
  const r00 = c + kx * kx * v;
  const r01 = kx * ky * v;
  const r10 = kx * ky * v;
  const r11 = c + ky * ky * v;
  const r20 = -ky * s;
  const r21 = kx * s;
  const [cx, cy] = [frameW / 2, frameH / 2];
  return [
    focal * r00 + cx * r20,
    focal * r01 + cx * r21,
    cx * distance,
    focal * r10 + cy * r20,
    focal * r11 + cy * r21,
    cy * distance,
    r20,
    r21,
    distance,
  ];
}

/** Object pixels (of a raster at pxPerMm, wMm x hMm) to table mm: turned by angleDeg about its centre, centred at (x, y). */
export function objectToTable(wMm: number, hMm: number, pxPerMm: number, angleDeg: number, x: number, y: number): Mat3 {
  const a = (angleDeg * Math.PI) / 180;
  const [c, s] = [Math.cos(a) / pxPerMm, Math.sin(a) / pxPerMm];
  const [ox, oy] = [(wMm * pxPerMm) / 2, (hMm * pxPerMm) / 2];
  return [c, -s, x - c * ox + s * oy, s, c, y - s * ox - c * oy, 0, 0, 1];
}
