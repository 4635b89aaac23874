import sharp from 'sharp';
import { PHOTO } from './svg';

/** WebP output: quality 80 is plenty for flat illustrations, and effort 1 keeps the whole seed within seconds. */
const WEBP = { quality: 80, effort: 1 } as const;
export const THUMB = { width: 400, height: 300 } as const;

/** A gallery photo (1200 x 900) and its thumbnail (400 x 300) from one SVG, rasterized once (the costly step). */
export async function renderPhoto(svg: string): Promise<{ full: Buffer; thumb: Buffer }> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(PHOTO.width, PHOTO.height)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [full, thumb] = await Promise.all([
    sharp(data, raw).webp(WEBP).toBuffer(),
    sharp(data, raw).resize(THUMB.width, THUMB.height).webp(WEBP).toBuffer(),
  ]);
  return { full, thumb };
}

export async function renderImage(svg: string, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(size.width, size.height).webp(WEBP).toBuffer();
}

/** Runs `fn` over `items` with at most `limit` running at once; rejects on the first failure. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
