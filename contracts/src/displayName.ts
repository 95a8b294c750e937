// Zod-free on purpose: the frontend's first load imports this (via specProblems or directly), and
// a module with schemas would bring zod along (docs/decisions/performance.md).

/** The fields of a `User` (users.ts) the name is made of; users.ts re-exports this module, so it cannot import back. */
export interface NamedPerson {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** Display name rule of the page header: first and last name, else the e-mail's local part, else Veteran. */
export function displayName(user: NamedPerson | null | undefined): string {
  if (!user) return 'Veteran';
  const full = [user.firstName, user.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  if (full) return full;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'Veteran';
}
