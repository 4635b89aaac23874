import { describe, expect, it } from 'vitest';
import { avatarKey, checkUploadedAvatar } from '../../../functions/core/profile/avatar';
import { avatarPrefix, isProfileComplete, settingsWrite, toProfile } from '../../../functions/core/profile/profile';

const home = { country: 'US' as const, street: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
const returns = { country: 'DE' as const, street: 'Hauptstr. 5', city: 'Berlin', state: '', postalCode: '10115' };

describe('profile settings', () => {
  it('is complete only with full name, email and phone', () => {
    expect(isProfileComplete({ fullName: 'Jane', email: 'j@example.com', phone: '555 0100' })).toBe(true);
    expect(isProfileComplete({ fullName: 'Jane', email: 'j@example.com', phone: ' ' })).toBe(false);
    expect(isProfileComplete({})).toBe(false);
  });

  it('writes the address parts and their one-line form in the country order', () => {
    const write = settingsWrite({
      fullName: 'Jane',
      email: 'j@example.com',
      phone: '555 0100',
      address: home,
      returnAddress: returns,
      useDifferentReturnAddress: true,
      isSeller: true,
    });
    expect(write.address).toBe('1 Main St, Austin, TX, 78701, United States');
    expect(write.returnAddress).toBe('Hauptstr. 5, 10115, Berlin, Germany');
  });

  it('drops the return address when the separate return address is off', () => {
    const write = settingsWrite({
      fullName: 'Jane',
      email: 'j@example.com',
      phone: '555 0100',
      address: home,
      returnAddress: returns,
      useDifferentReturnAddress: false,
      isSeller: false,
    });
    expect(write.returnAddressParts).toBeNull();
    expect(write.returnAddress).toBeNull();
  });

  it('shows an empty profile for a user without one, and the avatar as a media URL', () => {
    expect(toProfile(null, (k) => `/media/${k}`)).toMatchObject({ fullName: '', isSeller: false, avatarUrl: null });
    expect(toProfile({ avatarKey: `${avatarPrefix('u1')}a.png` }, (k) => `/media/${k}`).avatarUrl).toBe(
      '/media/avatars/u1/a.png',
    );
  });
});

describe('avatar uploads', () => {
  it('keys uploads under the user prefix with the type extension', () => {
    expect(avatarKey('u1', 'image/png', '01ABC')).toBe('avatars/u1/01ABC.png');
  });

  it('accepts only the user own, present, image, small enough upload', () => {
    const ok = { contentType: 'image/jpeg', size: 1000 };
    expect(() => checkUploadedAvatar('u1', 'avatars/u1/a.jpg', ok)).not.toThrow();
    expect(() => checkUploadedAvatar('u1', 'avatars/u2/a.jpg', ok)).toThrow('This upload is not yours');
    expect(() => checkUploadedAvatar('u1', 'avatars/u1/../u2/a.jpg', ok)).toThrow('This upload is not yours');
    expect(() => checkUploadedAvatar('u1', 'avatars/u1/a.jpg', null)).toThrow('The image was not uploaded');
    expect(() => checkUploadedAvatar('u1', 'avatars/u1/a.jpg', { contentType: 'text/html', size: 10 })).toThrow(
      'Please choose an image file',
    );
    expect(() => checkUploadedAvatar('u1', 'avatars/u1/a.jpg', { contentType: 'image/png', size: 6e6 })).toThrow(
      'Image must be 5 MB or smaller',
    );
  });
});
