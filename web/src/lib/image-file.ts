/** Spec part 3 "The error catalogue": a profile or store image (avatar, banner) is checked before anything is sent. */
export const IMAGE_FILE_ERRORS = {
  notImage: ['Invalid File', 'Please select an image file.'],
  tooLarge: ['File Too Large', 'Please select an image smaller than 5MB.'],
} as const;

/**
 * The toast (title, description) for a file that may not be uploaded, or null. `types` are the image types the bucket
 * accepts; other images (SVG, HEIC) count as not an image here. The server checks the bytes again.
 */
export function imageFileProblem(
  file: File,
  types: readonly string[],
  maxBytes: number,
): (typeof IMAGE_FILE_ERRORS)[keyof typeof IMAGE_FILE_ERRORS] | null {
  if (!types.includes(file.type)) return IMAGE_FILE_ERRORS.notImage;
  if (file.size > maxBytes) return IMAGE_FILE_ERRORS.tooLarge;
  return null;
}
