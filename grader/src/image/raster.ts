/** Interleaved 8-bit RGB pixels. */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3;
}

/** Pixels of part of a photo: `raster` holds the photo's pixels from (left, top). */
export interface PhotoRegion {
  raster: Raster;
  left: number;
  top: number;
}

export function createRaster(width: number, height: number): Raster {
  return { data: new Uint8Array(width * height * 3), width, height, channels: 3 };
}
