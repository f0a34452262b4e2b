/** Interleaved 8-bit RGB pixels. */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3;
}

export function createRaster(width: number, height: number): Raster {
  return { data: new Uint8Array(width * height * 3), width, height, channels: 3 };
}
