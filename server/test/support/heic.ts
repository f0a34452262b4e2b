import { readFileSync } from 'node:fs';

/** libheif's example photo (MIT, see test/fixtures/LICENSE-heic.txt): 1280 x 854, HEVC. */
export const exampleHeic = readFileSync(new URL('../fixtures/example.heic', import.meta.url));
export const EXAMPLE_HEIC_SIZE = { width: 1280, height: 854 };

/**
 * A HEIC file around the example's HEVC picture: turned by the container (quarter turns
 * anticlockwise, HEIF's irot), declaring another size, or tiled into a grid that repeats it.
 */
export function heicOf(options: {
  quarterTurns?: number;
  declared?: { width: number; height: number };
  grid?: { rows: number; columns: number; width: number; height: number };
}): Buffer {
  const { hvcC, picture } = examplePicture();
  const size = options.declared ?? EXAMPLE_HEIC_SIZE;
  const tiles = options.grid ? options.grid.rows * options.grid.columns : 1;
  const primary = options.grid ? tiles + 1 : 1;
  const tileIds = Array.from({ length: tiles }, (_, i) => i + 1);
  const gridData = options.grid ? gridBody(options.grid) : Buffer.alloc(0);

  // Properties, numbered from 1: the picture's codec setup and size, then the primary's own.
  const properties = [hvcC, ispe(size.width, size.height)];
  const primaryProperties: number[] = [];
  if (options.grid) {
    properties.push(ispe(options.grid.width, options.grid.height));
    primaryProperties.push(properties.length);
  }
  if (options.quarterTurns) {
    properties.push(box('irot', Buffer.from([options.quarterTurns & 3])));
    primaryProperties.push(0x80 | properties.length);
  }
  const associations = [
    ...tileIds.map((id) => association(id, id === primary ? [0x81, 2, ...primaryProperties] : [0x81, 2])),
    ...(options.grid ? [association(primary, primaryProperties)] : []),
  ];
  const items = [
    ...tileIds.map((id) => infe(id, 'hvc1', Boolean(options.grid))),
    ...(options.grid ? [infe(primary, 'grid', false)] : []),
  ];

  const meta = (dataStart: number) => {
    const locations = tileIds.map((id) => [id, dataStart, picture.length] as const);
    if (options.grid) locations.push([primary, dataStart + picture.length, gridData.length]);
    return fullBox(
      'meta',
      0,
      0,
      Buffer.concat([
        fullBox('hdlr', 0, 0, Buffer.concat([Buffer.alloc(4), Buffer.from('pict'), Buffer.alloc(13)])),
        fullBox('pitm', 0, 0, u16(primary)),
        fullBox('iinf', 0, 0, Buffer.concat([u16(items.length), ...items])),
        ...(options.grid
          ? [fullBox('iref', 0, 0, box('dimg', Buffer.concat([u16(primary), u16(tiles), ...tileIds.map(u16)])))]
          : []),
        box(
          'iprp',
          Buffer.concat([
            box('ipco', Buffer.concat(properties)),
            fullBox('ipma', 0, 0, Buffer.concat([u32(associations.length), ...associations])),
          ]),
        ),
        fullBox(
          'iloc',
          0,
          0,
          Buffer.concat([
            Buffer.from([0x44, 0x00]),
            u16(locations.length),
            ...locations.map(([id, offset, length]) =>
              Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(length)]),
            ),
          ]),
        ),
      ]),
    );
  };
  const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  const headerLength = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(headerLength), box('mdat', Buffer.concat([picture, gridData]))]);
}

/** The example's first hvcC property and first mdat belong to its primary picture. */
function examplePicture(): { hvcC: Buffer; picture: Buffer } {
  const meta = child(exampleHeic, 'meta');
  const ipco = child(child(meta.subarray(12), 'iprp').subarray(8), 'ipco');
  return { hvcC: child(ipco.subarray(8), 'hvcC'), picture: child(exampleHeic, 'mdat').subarray(8) };
}

/** The first box of that type among the boxes laid end to end in `data`. */
function child(data: Buffer, type: string): Buffer {
  for (let at = 0; at + 8 <= data.length; at += data.readUInt32BE(at)) {
    if (data.toString('latin1', at + 4, at + 8) === type) return data.subarray(at, at + data.readUInt32BE(at));
  }
  throw new Error(`no ${type} box`);
}

function gridBody(grid: { rows: number; columns: number; width: number; height: number }): Buffer {
  return Buffer.concat([Buffer.from([0, 1, grid.rows - 1, grid.columns - 1]), u32(grid.width), u32(grid.height)]);
}

const ispe = (width: number, height: number) => fullBox('ispe', 0, 0, Buffer.concat([u32(width), u32(height)]));
const infe = (id: number, type: string, hidden: boolean) =>
  fullBox('infe', 2, hidden ? 1 : 0, Buffer.concat([u16(id), u16(0), Buffer.from(type, 'latin1'), Buffer.alloc(1)]));
const association = (id: number, properties: number[]) =>
  Buffer.concat([u16(id), Buffer.from([properties.length, ...properties])]);
const box = (type: string, body: Buffer) => Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
const fullBox = (type: string, version: number, flags: number, body: Buffer) =>
  box(type, Buffer.concat([u32((version << 24) | flags), body]));
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
