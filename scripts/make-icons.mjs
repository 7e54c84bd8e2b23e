// Draws Lantern's icon (a lantern on a dark rounded square) and writes it in every form the
// packages want: build/icons/<n>x<n>.png (Linux), build/icon.png, build/icon.icns (macOS) and
// build/icon.ico (Windows), plus resources/icon.png for the window. No image library: shapes are
// sampled 4×4 per pixel for smooth edges and written as PNG with zlib.
// Run: node scripts/make-icons.mjs (the files are committed; rerun after changing the drawing).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const hex = (value) => [
  parseInt(value.slice(1, 3), 16),
  parseInt(value.slice(3, 5), 16),
  parseInt(value.slice(5, 7), 16),
];
const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const ellipse = (cx, cy, rx, ry) => (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const ring = (cx, cy, outer, inner) => (x, y) => {
  const d = (x - cx) ** 2 + (y - cy) ** 2;
  return d <= outer * outer && d >= inner * inner;
};

// Painted in order, later shapes over earlier ones; coordinates are fractions of the side.
const SHAPES = [
  [roundedRect(0.04, 0.04, 0.96, 0.96, 0.2), hex('#1e293b')],
  [ring(0.5, 0.2, 0.085, 0.055), hex('#cbd5e1')],
  [roundedRect(0.34, 0.25, 0.66, 0.32, 0.02), hex('#94a3b8')],
  [roundedRect(0.3, 0.31, 0.7, 0.77, 0.07), hex('#f59e0b')],
  [ellipse(0.5, 0.56, 0.11, 0.16), hex('#fcd34d')],
  [ellipse(0.5, 0.6, 0.05, 0.09), hex('#fffbeb')],
  [roundedRect(0.29, 0.31, 0.34, 0.77, 0.02), hex('#94a3b8')],
  [roundedRect(0.66, 0.31, 0.71, 0.77, 0.02), hex('#94a3b8')],
  [roundedRect(0.28, 0.76, 0.72, 0.83, 0.02), hex('#94a3b8')],
];

const SAMPLES = 4;

function draw(size) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          let colour;
          for (const [inside, fill] of SHAPES) if (inside(x, y)) colour = fill;
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const at = (py * size + px) * 4;
      // Colours averaged over the covered samples; coverage is the alpha.
      if (a > 0) [pixels[at], pixels[at + 1], pixels[at + 2]] = [r / a, g / a, b / a].map(Math.round);
      pixels[at + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size) {
  const pixels = draw(size);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** ICNS: PNG-encoded entries (ic07 128, ic08 256, ic09 512). */
function icns(images) {
  const entries = images.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + entries.reduce((sum, entry) => sum + entry.length, 0), 4);
  return Buffer.concat([head, ...entries]);
}

/** ICO with PNG-encoded entries (Windows Vista and later read them); 256 is written as 0. */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const directory = images.map(([size, data]) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...directory, ...images.map(([, data]) => data)]);
}

function write(path, data) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), data);
  process.stdout.write(`${path} ${data.length} bytes\n`);
}

const sizes = [16, 32, 48, 64, 128, 256, 512];
const pngs = Object.fromEntries(sizes.map((size) => [size, png(size)]));
for (const size of sizes) write(`build/icons/${size}x${size}.png`, pngs[size]);
write('build/icon.png', pngs[512]);
write('resources/icon.png', pngs[256]);
write(
  'build/icon.icns',
  icns([
    ['ic07', pngs[128]],
    ['ic08', pngs[256]],
    ['ic09', pngs[512]],
  ]),
);
write('build/icon.ico', ico([16, 32, 48, 256].map((size) => [size, pngs[size]])));
