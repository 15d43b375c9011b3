import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

// Writes the worker app's icons (public/icons/, committed) from the site's mark (app/icon.svg). Run once after
// changing the mark: `npx tsx scripts/generate-pwa-icons.ts`. The maskable one keeps the mark inside the central
// 80% a launcher may crop to a circle, on a full-bleed background.

const INK = '#1c1917';
const PAPER = '#fafaf9';
const MARK = `<path d="M11 7h4.5v14H23v4H11z" fill="${PAPER}"/>`;

const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${INK}"/>${MARK}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${INK}"/><g transform="translate(3.2 3.2) scale(0.8)">${MARK}</g></svg>`;

const out = path.join(process.cwd(), 'public', 'icons');
const icons = [
  { name: 'icon-192.png', svg: plain, size: 192 },
  { name: 'icon-512.png', svg: plain, size: 512 },
  { name: 'maskable-512.png', svg: maskable, size: 512 },
];

for (const icon of icons) {
  const png = await sharp(Buffer.from(icon.svg), { density: 72 * (icon.size / 32) })
    .resize(icon.size, icon.size)
    .png()
    .toBuffer();
  writeFileSync(path.join(out, icon.name), png);
}
