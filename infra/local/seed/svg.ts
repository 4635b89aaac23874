import type { ListingCategory } from '../../../shared/domain/categories';
import { ICONS, iconFor } from './icons';

/** SVG illustrations for the demo photos, avatars and banners; `images.ts` rasterizes them with sharp. */

export const PHOTO = { width: 1200, height: 900 } as const;

/** Each category's colours: background from -> to, and the object's accent. */
const CATEGORY_COLORS: Record<ListingCategory, { from: string; to: string; accent: string }> = {
  Electronics: { from: '#1e3a8a', to: '#3b82f6', accent: '#93c5fd' },
  Automotive: { from: '#7f1d1d', to: '#dc2626', accent: '#fca5a5' },
  Fashion: { from: '#831843', to: '#ec4899', accent: '#fbcfe8' },
  'Home & Garden': { from: '#14532d', to: '#22c55e', accent: '#bbf7d0' },
  Gaming: { from: '#3b0764', to: '#8b5cf6', accent: '#c4b5fd' },
  'Audio & Music': { from: '#134e4a', to: '#14b8a6', accent: '#99f6e4' },
  Photography: { from: '#111827', to: '#4b5563', accent: '#fbbf24' },
  'Sports & Fitness': { from: '#9a3412', to: '#f97316', accent: '#fed7aa' },
  Collectibles: { from: '#78350f', to: '#f59e0b', accent: '#fde68a' },
  'Books & Media': { from: '#44260f', to: '#a16207', accent: '#fef3c7' },
  'Baby & Kids': { from: '#0e7490', to: '#67e8f9', accent: '#fef08a' },
  'Art & Crafts': { from: '#701a75', to: '#e879f9', accent: '#fde047' },
  'Pet Supplies': { from: '#065f46', to: '#34d399', accent: '#fef3c7' },
  'Tools & Hardware': { from: '#713f12', to: '#eab308', accent: '#fef9c3' },
  'Business & Office': { from: '#0f172a', to: '#64748b', accent: '#bae6fd' },
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Blends two colours; t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const ch = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(ar, br)}${ch(ag, bg)}${ch(ab, bb)}`;
}

/** Splits a title into at most `maxLines` lines of about `width` characters, with an ellipsis when it is cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.slice(0, width - 1).trimEnd()}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;

/**
 * One gallery photo: a gradient backdrop in the category's colours, the item's drawing and its title. The gallery
 * position changes the light, angle, zoom and backdrop, so the photos of one listing read as different shots.
 */
export function listingSvg(spec: {
  title: string;
  category: ListingCategory;
  subcategory: string;
  index: number;
}): string {
  const { width, height } = PHOTO;
  const palette = CATEGORY_COLORS[spec.category];
  const draw = ICONS[iconFor(spec.category, spec.subcategory)];
  const shot = spec.index % 4;
  // Shot 0: studio, 1: close-up, 2: angled, 3: light backdrop (detail shot).
  const light = shot === 3;
  const from = light ? mix(palette.to, '#ffffff', 0.82) : mix(palette.from, '#000000', shot * 0.08);
  const to = light ? mix(palette.accent, '#ffffff', 0.4) : mix(palette.to, palette.accent, shot * 0.18);
  const angle = [35, 120, 210, 300][shot]!;
  const scale = [1.12, 1.45, 1.02, 1.22][shot]!;
  const rotate = [0, -6, -14, 9][shot]!;
  const cx = [600, 640, 560, 620][shot]!;
  const cy = [370, 400, 360, 380][shot]!;
  const colors = light
    ? { body: palette.from, line: '#0f172a', accent: palette.to }
    : { body: mix(palette.accent, '#ffffff', 0.55), line: '#0f172a', accent: mix(palette.from, palette.to, 0.5) };
  const lines = wrapText(spec.title, 38, 2);
  const textColor = light ? '#0f172a' : '#ffffff';
  const band = light ? '#ffffff' : '#000000';
  const titleY = height - 70 - (lines.length - 1) * 56;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="${light ? 0.7 : 0.32}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<circle cx="${[300, 900, 250, 950][shot]}" cy="${[200, 160, 650, 260][shot]}" r="${[420, 380, 460, 360][shot]}" fill="url(#glow)"/>`,
    `<circle cx="${[1050, 150, 1000, 180][shot]}" cy="${[720, 700, 140, 720][shot]}" r="120" fill="#ffffff" opacity="0.06"/>`,
    // Floor shadow under the object.
    `<ellipse cx="${cx}" cy="${cy + 230 * scale}" rx="${260 * scale}" ry="${34 * scale}" fill="#000000" opacity="0.22"/>`,
    `<g transform="translate(${cx} ${cy}) rotate(${rotate}) scale(${scale * 1.05})">${draw(colors)}</g>`,
    `<rect x="0" y="${titleY - 62}" width="${width}" height="${height - titleY + 62}" fill="${band}" opacity="${light ? 0.55 : 0.35}"/>`,
    ...lines.map(
      (line, i) =>
        `<text x="60" y="${titleY + i * 56}" ${FONT} font-size="44" font-weight="bold" fill="${textColor}">${escapeXml(line)}</text>`,
    ),
    `<text x="${width - 60}" y="60" ${FONT} font-size="26" text-anchor="end" fill="${textColor}" opacity="0.75">${escapeXml(spec.category)} · ${spec.index + 1}</text>`,
    '</svg>',
  ].join('');
}

function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export const AVATAR = { width: 400, height: 400 } as const;
export const BANNER = { width: 1500, height: 500 } as const;

export function avatarSvg(seller: { fullName: string; colors: [string, string] }): string {
  const [a, b] = seller.colors;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`,
    `<rect width="400" height="400" fill="url(#g)"/>`,
    `<circle cx="320" cy="80" r="120" fill="#ffffff" opacity="0.12"/>`,
    `<text x="200" y="252" ${FONT} font-size="150" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(initials(seller.fullName))}</text>`,
    '</svg>',
  ].join('');
}

export function bannerSvg(seller: {
  storeName: string;
  place: { city: string; state: string };
  colors: [string, string];
}): string {
  const [a, b] = seller.colors;
  const dots = Array.from({ length: 14 }, (_, i) => {
    const x = 80 + i * 105;
    const y = 90 + ((i * 37) % 300);
    return `<circle cx="${x}" cy="${y}" r="${20 + ((i * 13) % 50)}" fill="#ffffff" opacity="${0.05 + (i % 4) * 0.02}"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`,
    `<rect width="1500" height="500" fill="url(#g)"/>`,
    dots,
    `<path d="M0 420 Q375 340 750 410 T1500 390 V500 H0 Z" fill="#000000" opacity="0.18"/>`,
    `<text x="90" y="270" ${FONT} font-size="96" font-weight="bold" fill="#ffffff">${escapeXml(seller.storeName)}</text>`,
    `<text x="94" y="340" ${FONT} font-size="40" fill="#ffffff" opacity="0.85">${escapeXml(`${seller.place.city}, ${seller.place.state}`)}</text>`,
    '</svg>',
  ].join('');
}
