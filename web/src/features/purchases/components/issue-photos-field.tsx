import { useRef, useState } from 'react';
import { LISTING_PHOTO_CONTENT_TYPES, LISTING_PHOTO_MAX_BYTES } from '../../../../../shared/api/listings';
import { DISPUTE_PHOTOS_MAX } from '../../../../../shared/domain/disputes';

/** Which of the chosen files can go with a report, and why the others cannot. */
function accept(files: readonly File[]): { accepted: File[]; problem: string | null } {
  const accepted: File[] = [];
  let problem: string | null = null;
  for (const file of files) {
    if (!(LISTING_PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      problem = `${file.name} is not an image file`;
    } else if (file.size > LISTING_PHOTO_MAX_BYTES) problem = `${file.name} is larger than 5MB`;
    else accepted.push(file);
  }
  return { accepted, problem };
}

/** Up to four photos of the issue: chosen here, uploaded when the report is sent. */
export function IssuePhotosField({
  id,
  files,
  onChange,
  error,
  disabled = false,
}: {
  id: string;
  files: File[];
  onChange(files: File[]): void;
  error?: string;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const room = DISPUTE_PHOTOS_MAX - files.length;
  const problem = error ?? refused;
  return (
    <div className="form-field">
      <label className="field-label" htmlFor={id}>
        Photos (optional, up to {DISPUTE_PHOTOS_MAX})
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={LISTING_PHOTO_CONTENT_TYPES.join(',')}
        multiple
        disabled={disabled || room === 0}
        aria-describedby={problem ? `${id}-error` : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          const chosen = accept([...(event.target.files ?? [])]);
          const next = [...files, ...chosen.accepted].slice(0, DISPUTE_PHOTOS_MAX);
          onChange(next);
          if (input.current) input.current.value = '';
          const tooMany = files.length + chosen.accepted.length > DISPUTE_PHOTOS_MAX;
          setRefused(chosen.problem ?? (tooMany ? 'Add at most 4 photos.' : null));
        }}
      />
      {files.length > 0 && (
        <ul className="issue-photos" aria-label="Photos to send">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              {file.name}{' '}
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setRefused(null);
                  onChange(files.filter((_, j) => j !== i));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
