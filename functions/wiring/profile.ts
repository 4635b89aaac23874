import { ulid } from 'ulid';
// Real time, as these use cases read it before the Clock port: moving them to the functions' clock is its own step.
import { systemClock as clock } from '../core/clock/clock';
import { profileStore } from '../adapters/db/profile-store';
import { db } from '../adapters/db/service';
import { presignUpload } from '../adapters/media-uploads';
import { mediaUrl } from '../adapters/media-url';
import { photoStore } from '../adapters/photo-store';

export function getProfileDeps() {
  return { profiles: profileStore(db()), mediaUrl };
}

export function updateProfileDeps() {
  return { profiles: profileStore(db()), mediaUrl, clock };
}

export function startAvatarUploadDeps() {
  return { presign: presignUpload, newId: ulid };
}

export function setAvatarDeps() {
  return { profiles: profileStore(db()), photos: photoStore, mediaUrl, clock };
}
