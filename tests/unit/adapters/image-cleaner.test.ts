import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanImage, formatOfKey } from '../../../functions/adapters/image-cleaner';
import { describeImage, hasGpsIfd, sidewaysPhotoWithGps } from '../../fixtures/exif-photo';

const red = (c: number[]) => c[0]! > 200 && c[2]! < 60;
const blue = (c: number[]) => c[2]! > 200 && c[0]! < 60;

describe('cleanImage (what is served from an upload)', () => {
  it('turns a sideways camera photo upright and keeps no EXIF, GPS or camera make', async () => {
    const photo = await sidewaysPhotoWithGps();
    const before = await describeImage(photo);
    expect(before).toMatchObject({ width: 40, height: 20, orientation: 6, leaksText: true });
    expect(hasGpsIfd(before.exif)).toBe(true);

    const after = await describeImage((await cleanImage(photo, 'jpeg', 2048))!);
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40, orientation: undefined, exif: undefined });
    expect(after.xmp).toBeUndefined();
    expect(after.leaksText).toBe(false);
    // Turned clockwise: the left (red) half is now on top.
    expect(red(after.top) && blue(after.bottom)).toBe(true);
  });

  it('writes the format the served key names, within the pixel bound, never enlarging', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#357' } })
      .png()
      .withMetadata({ density: 300 })
      .toBuffer();
    const png = await describeImage((await cleanImage(big, 'png', 2048))!);
    expect(png).toMatchObject({ format: 'png', width: 2048, height: 683 });
    const webp = await describeImage((await cleanImage(big, 'webp', 512))!);
    expect(webp).toMatchObject({ format: 'webp', width: 512, height: 171 });
    const small = await describeImage((await cleanImage(await sidewaysPhotoWithGps(), 'gif', 2048))!);
    expect(small).toMatchObject({ format: 'gif', width: 20, height: 40 });
  });

  it('is null for bytes that only look like an image', async () => {
    expect(await cleanImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), 'jpeg', 2048)).toBeNull();
    expect(
      await cleanImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'png', 64),
    ).toBeNull();
  });

  it('knows the format of a served key by its extension', () => {
    expect(formatOfKey('listing-photos/u/1.jpg')).toBe('jpeg');
    expect(formatOfKey('avatars/u/1.webp')).toBe('webp');
    expect(formatOfKey('store-banners/u/1.png')).toBe('png');
    expect(formatOfKey('x/1.gif')).toBe('gif');
    expect(formatOfKey('x/1.svg')).toBeNull();
  });
});
