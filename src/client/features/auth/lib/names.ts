type Named = { fullName?: string | null; username?: string | null };

/** The first name for greetings: the first word of fullName, falling back to the username. */
export function firstName(user: Named | null | undefined): string {
  const first = user?.fullName?.trim().split(/\s+/)[0];
  if (first) return first;
  return user?.username?.trim() || 'there';
}

/** The name to show: the full name, else the username. */
export function displayName(user: Named | null | undefined): string {
  return user?.fullName?.trim() || user?.username?.trim() || '';
}

/** Up to two initials for the avatar (`Jane Q. Doe` → `JD`), from the full name or the username. */
export function initials(user: Named | null | undefined): string {
  const words = displayName(user)
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]![0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}
