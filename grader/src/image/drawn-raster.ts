// For tests: an SVG drawing rendered into the raster the engine reads.
import sharp from 'sharp';
import type { Raster } from './raster.ts';

/** The SVG rendered to RGB, blurred by `blur` (a Gaussian's sigma in pixels) when it is above 0. */
export async function rasterOfSvg(svg: string, blur = 0): Promise<Raster> {
  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (blur > 0) image = image.blur(blur);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}
