#!/usr/bin/env node
// Draws the app's icons (apps/web/public/icons/*.png) from the logo in apps/web/public/favicon.svg:
// "any" icons (the rounded logo), maskable ones (full-bleed, the flame inside the 80 % safe
// zone that Android's masks keep: the logo's flame already lies within it) and Apple's touch icon (full-bleed: iOS rounds it itself).
// The PNGs are committed; run this again after changing the logo: node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const dir = new URL('../apps/web/public/', import.meta.url);
const logo = readFileSync(new URL('favicon.svg', dir), 'utf8');
const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(logo)[1];
const flames = inner.replace(/<rect[^>]*\/>/, '');
const defs = /<defs>[\s\S]*?<\/defs>/.exec(inner)[0];

/** The flame scaled into the middle `share` of a full-bleed square of the logo's blue. */
const fullBleed = (share) => {
  const offset = (64 * (1 - share)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}
    <rect width="64" height="64" fill="url(#g)"/>
    <g transform="translate(${offset} ${offset}) scale(${share})">${flames.replace(defs, '')}</g></svg>`;
};

const icons = [
  ...[48, 72, 96, 144, 192, 256, 512].map((size) => ({
    name: `icon-${size}.png`,
    size,
    svg: logo,
  })),
  ...[192, 512].map((size) => ({ name: `maskable-${size}.png`, size, svg: fullBleed(1) })),
  { name: 'apple-touch-icon-180.png', size: 180, svg: fullBleed(0.9) },
];

await mkdir(new URL('icons/', dir), { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(`icons/${icon.name}`, dir).pathname);
}
console.log(`${icons.length} icons written to apps/web/public/icons/`);
