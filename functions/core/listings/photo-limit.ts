import { BadRequestError } from '../../lib/errors';
import type { SettingsPort } from '../admin-settings/ports';

/** The number of photos a listing may have is the administrators' max_listing_images setting now (decision 063). */
export async function assertPhotoLimit(count: number, settings: Pick<SettingsPort, 'current'>): Promise<void> {
  const { maxListingImages: max } = await settings.current();
  if (count > max) {
    const text = `A listing can have at most ${max} photo${max === 1 ? '' : 's'}.`;
    throw new BadRequestError(text, { photoKeys: text }, 'too_many_photos');
  }
}
