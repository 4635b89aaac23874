/** A read that failed: what failed, announced at once, and 'Try Again' to read it again. */
export function LoadFailed({ title, onRetry, outline = false }: { title: string; onRetry(): void; outline?: boolean }) {
  return (
    <div className="status status-error" role="alert">
      <p className="status-title">{title}</p>
      <button type="button" className={`btn ${outline ? 'btn-outline' : 'btn-primary'}`} onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
