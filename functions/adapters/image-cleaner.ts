import { createRequire } from 'node:module';
import type { Sharp, SharpOptions } from 'sharp';

type SharpFn = (input: Uint8Array, options: SharpOptions) => Sharp;

/**
 * Loaded on the first image, not at module load: the routes that attach photos also serve requests without any. Through
 * createRequire, which esbuild does not follow, so sharp stays out of these routes' bundles (bundled, it would add ~8 ms
 * to every cold start) and loads from the packages copied next to the bundle when a request first needs it.
 */
let sharpModule: SharpFn | undefined;
const loadSharp = async () => (sharpModule ??= createRequire(import.meta.url)('sharp') as SharpFn);

/** The formats a served image is written in, by the extension of its key. */
const FORMATS = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' } as const;
export type ServedFormat = (typeof FORMATS)[keyof typeof FORMATS];

/** Larger inputs are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

/** The format a served key's extension names, or null. */
export function formatOfKey(key: string): ServedFormat | null {
  const ext = /\.([a-z]+)$/.exec(key)?.[1];
  return ext && ext in FORMATS ? FORMATS[ext as keyof typeof FORMATS] : null;
}

/**
 * The image as it may be served: EXIF orientation applied to the pixels, then written afresh in `format`, which drops
 * EXIF (GPS, camera, dates), XMP, IPTC and comments and converts to sRGB (sharp keeps metadata only when asked), at most
 * `maxPx` on its longest side. GIF and WebP keep their animation frames. Null when the bytes do not decode as an image.
 */
export async function cleanImage(bytes: Uint8Array, format: ServedFormat, maxPx: number): Promise<Uint8Array | null> {
  const animated = format === 'gif' || format === 'webp';
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true });
    if (format === 'jpeg') return await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    if (format === 'png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (format === 'webp') return await image.webp({ quality: 88 }).toBuffer();
    return await image.gif().toBuffer();
  } catch {
    return null;
  }
}
