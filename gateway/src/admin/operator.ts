import os from 'node:os';

/**
 * Who is acting from outside the app, for the `operator` of an event's metadata: the person behind
 * sudo when there is one, else the OS user, at this host. Operators are not accounts, so events they
 * cause carry no user id.
 */
export function operatorName(env: NodeJS.ProcessEnv = process.env): string {
  let user = env.SUDO_USER;
  if (!user) {
    try {
      user = os.userInfo().username;
    } catch {
      // A container user without a passwd entry.
      user = `uid-${process.getuid?.() ?? 'unknown'}`;
    }
  }
  return `${user}@${os.hostname()}`;
}
