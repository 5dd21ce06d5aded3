// Draws Lantern's app icons (the header's amber dot on a dark rounded square) as PNG and ICO, with node:zlib only.
import { deflateSync } from "node:zlib";
import { writeFileSync } from "node:fs";

const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc32 = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0); out.write(type, 4, "ascii"); data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const background = hex("#17181c"), glow = hex("#fbbf24"), dot = hex("#f59e0b");

/** Colour at (x, y) in a 32-unit square, RGBA 0..1 premultiplied-free. */
function sample(x, y) {
  const r = 7; // corner radius
  const cx = Math.min(Math.max(x, r), 32 - r), cy = Math.min(Math.max(y, r), 32 - r);
  if (Math.hypot(x - cx, y - cy) > r) return [0, 0, 0, 0];
  const d = Math.hypot(x - 16, y - 16);
  if (d <= 7) return [...dot, 1];
  const t = Math.max(0, 1 - (d - 7) / 6) * 0.55; // the glow around the dot
  return [background[0] * (1 - t) + glow[0] * t, background[1] * (1 - t) + glow[1] * t, background[2] * (1 - t) + glow[2] * t, 1];
}

function png(size) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const n = 4; // 4×4 supersampling
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let [R, G, B, A] = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) for (let sx = 0; sx < n; sx++) {
        const [r, g, b, a] = sample(((px + (sx + 0.5) / n) * 32) / size, ((py + (sy + 0.5) / n) * 32) / size);
        R += r * a; G += g * a; B += b * a; A += a;
      }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      raw[o] = A ? Math.round(R / A) : 0; raw[o + 1] = A ? Math.round(G / A) : 0; raw[o + 2] = A ? Math.round(B / A) : 0; raw[o + 3] = Math.round((A / (n * n)) * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0); header.writeUInt32BE(size, 4); header[8] = 8; header[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

function ico(sizes) {
  const images = sizes.map(png);
  const head = Buffer.alloc(6 + 16 * sizes.length);
  head.writeUInt16LE(0, 0); head.writeUInt16LE(1, 2); head.writeUInt16LE(sizes.length, 4);
  let offset = head.length;
  sizes.forEach((size, i) => {
    const e = 6 + 16 * i;
    head[e] = size % 256; head[e + 1] = size % 256; head.writeUInt16LE(1, e + 4); head.writeUInt16LE(32, e + 6);
    head.writeUInt32LE(images[i].length, e + 8); head.writeUInt32LE(offset, e + 12);
    offset += images[i].length;
  });
  return Buffer.concat([head, ...images]);
}

// Usage: node scripts/draw-app-icons.mjs src/app — writes favicon.ico (16, 32, 48 px) and apple-icon.png (180 px); icon.svg is drawn by hand to match.
const [dir = "src/app"] = process.argv.slice(2);
writeFileSync(`${dir}/favicon.ico`, ico([16, 32, 48]));
writeFileSync(`${dir}/apple-icon.png`, png(180));

