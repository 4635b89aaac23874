export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="status" role="status" aria-live="polite">
      <div className="spinner" aria-hidden />
      <p>{text}</p>
    </div>
  );
}
