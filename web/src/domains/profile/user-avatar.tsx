/** The user's picture, or the first letter of the username on a coloured disc. */
export function UserAvatar({
  username,
  avatarUrl,
  size = 32,
}: {
  username: string;
  avatarUrl: string | null;
  size?: number;
}) {
  if (avatarUrl) {
    return (
      <img className="avatar" src={avatarUrl} alt="" width={size} height={size} style={{ width: size, height: size }} />
    );
  }
  return (
    <span
      className="avatar avatar-initial"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden
    >
      {username.slice(0, 1).toUpperCase()}
    </span>
  );
}
