/** Previous, and Next until the last step, where the listing is created (or an edit saved). */
export function WizardNav({
  first,
  last,
  editing,
  submitting,
  uploading,
  onPrevious,
  onNext,
  onSubmit,
}: {
  first: boolean;
  last: boolean;
  editing: boolean;
  submitting: boolean;
  uploading: boolean;
  onPrevious(): void;
  onNext(): void;
  onSubmit(): void;
}) {
  const submitLabel = editing
    ? submitting
      ? 'Saving...'
      : 'Save Changes'
    : submitting
      ? 'Creating Listing...'
      : 'Create Listing';
  return (
    <>
      <p className="field-hint wizard-wait" aria-live="polite">
        {uploading ? 'Waiting for photos to finish uploading...' : ''}
      </p>
      <div className="wizard-nav">
        <button type="button" className="btn btn-outline" disabled={first} onClick={onPrevious}>
          Previous
        </button>
        {last ? (
          <button type="button" className="btn btn-primary" disabled={submitting || uploading} onClick={onSubmit}>
            {submitLabel}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onNext}>
            Next
          </button>
        )}
      </div>
    </>
  );
}
