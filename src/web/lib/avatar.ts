/** The letter shown when a user has no picture: the first letter of the name, else of the email. */
export function avatarFallbackLetter(name: string | null | undefined, email: string | null | undefined): string {
  const source = name?.trim() || email?.trim() || '';
  const first = Array.from(source)[0];
  return first ? first.toUpperCase() : '?';
}
