import { inflateSync } from "node:zlib";

/**
 * The distinct colours of an 8-bit RGB or RGBA PNG (what Chromium's screenshots are), counted up to `limit`:
 * enough to tell a rendered page from a blank frame without golden files. Decodes the IDAT stream and undoes
 * the PNG scanline filters (None, Sub, Up, Average, Paeth).
 */
export function countPngColours(png: Buffer, limit = 1000): number {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType] = [body[8], body[9]];
      if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6) || body[12] !== 0) throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colourType}, interlace ${body[12]}`);
      channels = colourType === 6 ? 4 : 3;
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  const colours = new Set<string>();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? line[x - channels]! : 0;
      const up = previous[x]!;
      const upLeft = x >= channels ? previous[x - channels]! : 0;
      const predictor = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : 0;
      line[x] = (line[x]! + predictor) & 0xff;
    }
    for (let x = 0; x < stride; x += channels) {
      colours.add(line.toString("hex", x, x + channels));
      if (colours.size >= limit) return colours.size;
    }
    previous = line;
  }
  return colours.size;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
