/**
 * How Trackside names a person wherever it shows them (forum posts, the forum's profile card,
 * member lists): the profile's full name, else the part of the e-mail before the at-sign. The
 * forum's SQL (`authorName` in its repository) writes the same rule for sorting in the database.
 */
export function displayName(fullName: string | null | undefined, email: string | null | undefined): string {
  const name = fullName?.trim();
  if (name) return name;
  return email?.split('@')[0] ?? '';
}
