/**
 * Draws the seed packaging artwork and brand logos as small, dependency-free SVG files.
 *
 *   tsx services/catalog/scripts/draw-artwork.ts
 *
 * Writes services/catalog/media/products/{slug}.svg (400x400) and
 * services/catalog/media/brands/{slug}.svg (200x100). Safe to re-run: files are overwritten.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brands, products } from '../src/db/seed/data';
import type { SeedBrand, SeedProduct } from '../src/db/seed/types';

const FONT = 'Arial, Helvetica, sans-serif';
const GOLD = '#f2c14e';

/** services/catalog, found from this script's own path so the cwd does not matter. */
const scriptPath = process.argv[1] ?? join(process.cwd(), 'services/catalog/scripts/draw-artwork.ts');
const catalogDir = resolve(dirname(scriptPath), '..');

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  return (
    '#' +
    channels
      .map((c) => Math.round(c + (target - c) * t))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
  );
}

/** "Mlima Gold Sifted Maize Meal 24kg Bale (12 x 2kg)" -> "Sifted Maize Meal". */
function shortName(product: SeedProduct, brand: SeedBrand): string {
  let name = product.name.startsWith(brand.name) ? product.name.slice(brand.name.length) : product.name;
  name = name.replace(/\s\d+(\.\d+)?\s?(kg|g|L)\b.*$/, '');
  return name.trim();
}

/** Greedy word wrap; returns null when a word alone is longer than a line. */
function wrap(text: string, maxChars: number): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (word.length > maxChars) return null;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length > maxChars && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Fits a label into 3 lines of a 165 px wide panel, shrinking the font as needed. */
function fitLabel(text: string): { size: number; lines: string[] } {
  for (const size of [21, 19, 17, 15, 13]) {
    const lines = wrap(text, Math.floor(165 / (size * 0.56)));
    if (lines && lines.length <= 3) return { size, lines };
  }
  return { size: 12, lines: [text] };
}

/** The container outline for each SKU, filled in the brand colour. */
function silhouette(sku: string, fill: string, dark: string): string {
  switch (sku) {
    case 'Bale':
      return (
        `<rect x="58" y="96" width="284" height="272" rx="16" fill="${fill}"/>` +
        `<path d="M70 96v-22h60v22M140 96v-22h60v22M210 96v-22h60v22M280 96v-22h52v22" fill="${shade(fill, 0.25)}"/>` +
        `<path d="M100 96v272M300 96v272" stroke="${dark}" stroke-width="10" opacity=".55"/>`
      );
    case 'Bag':
      return (
        `<path d="M96 78Q86 220 98 368h204q12-148 2-290z" fill="${fill}"/>` +
        `<path d="M100 92l12-10 12 10 12-10 12 10 12-10 12 10 12-10 12 10 12-10 12 10 12-10 12 10 12-10 12 10 12-10 12 10" fill="none" stroke="${GOLD}" stroke-width="4"/>`
      );
    case 'Bottle':
      return (
        `<rect x="176" y="34" width="48" height="26" rx="5" fill="${dark}"/>` +
        `<path d="M184 60h32v26q80 22 80 76v194q0 14-14 14H118q-14 0-14-14V162q0-54 80-76z" fill="${fill}"/>` +
        `<path d="M120 176v174" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".25"/>`
      );
    case 'Jerrican':
      return (
        `<rect x="112" y="40" width="44" height="30" rx="6" fill="${dark}"/>` +
        `<path d="M92 96q0-26 26-26h164q26 0 26 26v256q0 18-18 18H110q-18 0-18-18z" fill="${fill}"/>` +
        `<path d="M200 70V52q0-12 12-12h66q12 0 12 12v18h-22V62h-46v8z" fill="${dark}"/>`
      );
    case 'Tin':
      return (
        `<rect x="98" y="66" width="204" height="304" rx="8" fill="${fill}"/>` +
        `<rect x="92" y="66" width="216" height="18" rx="4" fill="${dark}"/>` +
        `<rect x="92" y="352" width="216" height="18" rx="4" fill="${dark}"/>` +
        `<rect x="258" y="44" width="30" height="22" rx="4" fill="${dark}"/>`
      );
    default: // Packet
      return (
        `<path d="M112 84h176l12 270q0 16-16 16H116q-16 0-16-16z" fill="${fill}"/>` +
        `<rect x="106" y="60" width="188" height="28" rx="4" fill="${dark}"/>` +
        `<path d="M118 74h164" stroke="${GOLD}" stroke-width="3" stroke-dasharray="8 6"/>`
      );
  }
}

/** An ear of grain (flours, rice, feeds) or a leaf (oil, pulses), drawn at (x, y). */
function motif(category: string, x: number, y: number): string {
  if (category === 'cooking-oil' || category === 'pulses-cereals') {
    return (
      `<g transform="translate(${x} ${y})"><path d="M0 30C-4 4 14-22 42-28 44 0 26 26 0 30z" fill="${GOLD}"/>` +
      `<path d="M2 28Q18 2 38-24" stroke="#fff" stroke-width="2" fill="none" opacity=".7"/></g>`
    );
  }
  const grains = [-24, -12, 0, 12]
    .map(
      (dy) =>
        `<ellipse cx="-7" cy="${dy}" rx="5" ry="9" transform="rotate(-25 -7 ${dy})"/><ellipse cx="7" cy="${dy}" rx="5" ry="9" transform="rotate(25 7 ${dy})"/>`,
    )
    .join('');
  return `<g transform="translate(${x} ${y})" fill="${GOLD}"><path d="M0 36V-34" stroke="${GOLD}" stroke-width="3"/>${grains}<ellipse cx="0" cy="-36" rx="5" ry="9"/></g>`;
}

function productSvg(product: SeedProduct, brand: SeedBrand): string {
  const dark = shade(brand.color, -0.35);
  const label = fitLabel(shortName(product, brand));
  const lineHeight = label.size * 1.15;
  const firstY = 212 - ((label.lines.length - 1) * lineHeight) / 2 + label.size * 0.35;
  const labelText = label.lines
    .map((line, i) => `<tspan x="200" y="${(firstY + i * lineHeight).toFixed(1)}">${escapeXml(line)}</tspan>`)
    .join('');
  const [unitMain, unitPack] = product.unit.split(' (');
  const unitText = unitPack
    ? `<text x="290" y="318" font-size="18" font-weight="bold">${escapeXml(unitMain ?? '')}</text>` +
      `<text x="290" y="336" font-size="10">${escapeXml(unitPack.replace(')', ''))}</text>`
    : `<text x="290" y="331" font-size="${(unitMain ?? '').length > 5 ? 18 : 22}" font-weight="bold">${escapeXml(unitMain ?? '')}</text>`;
  const brandSize = brand.name.length > 9 ? 24 : 28;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<title>${escapeXml(product.name)}</title>` +
    `<rect width="400" height="400" fill="${shade(brand.color, 0.88)}"/>` +
    `<ellipse cx="200" cy="378" rx="150" ry="10" fill="${dark}" opacity=".18"/>` +
    silhouette(product.sku, brand.color, dark) +
    `<g font-family="${FONT}" text-anchor="middle">` +
    `<text x="200" y="146" font-size="${brandSize}" font-weight="bold" fill="#fff">${escapeXml(brand.name)}</text>` +
    `<rect x="114" y="162" width="172" height="100" rx="10" fill="#fff"/>` +
    `<text font-size="${label.size}" font-weight="bold" fill="${dark}">${labelText}</text>` +
    motif(product.category, 142, 318) +
    `<circle cx="290" cy="322" r="38" fill="#fff" stroke="${GOLD}" stroke-width="4"/>` +
    `<g fill="${dark}">${unitText}</g>` +
    `</g></svg>\n`
  );
}

function brandSvg(brand: SeedBrand): string {
  const size = brand.name.length > 10 ? 20 : brand.name.length > 8 ? 24 : 26;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100" role="img">` +
    `<title>${escapeXml(brand.name)}</title>` +
    `<rect x="2" y="2" width="196" height="96" rx="14" fill="${brand.color}"/>` +
    `<rect x="8" y="8" width="184" height="84" rx="10" fill="none" stroke="${GOLD}" stroke-width="2"/>` +
    `<g transform="translate(-2 4) scale(.8)">${motif('logo', 40, 58)}</g>` +
    `<text x="118" y="${50 + size * 0.35}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(brand.name)}</text>` +
    `</svg>\n`
  );
}

function write(file: string, content: string): void {
  if (Buffer.byteLength(content) > 3072) throw new Error(`${file} is over 3 KB`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const brandBySlug = new Map(brands.map((b) => [b.slug, b]));
for (const brand of brands) {
  write(join(catalogDir, 'media/brands', `${brand.slug}.svg`), brandSvg(brand));
}
for (const product of products) {
  const brand = brandBySlug.get(product.brand);
  if (!brand) throw new Error(`Unknown brand ${product.brand} for ${product.slug}`);
  write(join(catalogDir, 'media/products', `${product.slug}.svg`), productSvg(product, brand));
}
console.log(`Wrote ${brands.length} brand logos and ${products.length} product images under ${catalogDir}/media`);
