/** Auction time left as the spec writes it: 'Ended', 'Nd Nh', 'Nh Nm' or 'Nm'. */
export function formatTimeLeft(endsAtIso: string, nowMs: number): string {
  const ms = Date.parse(endsAtIso) - nowMs;
  if (!(ms > 0)) return 'Ended';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

export function isEnded(endsAtIso: string | null | undefined, nowMs: number): boolean {
  return !!endsAtIso && Date.parse(endsAtIso) <= nowMs;
}
