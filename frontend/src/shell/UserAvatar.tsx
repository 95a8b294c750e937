import Avatar from '@mui/material/Avatar';
import type { User } from '@cc/contracts';
import { displayName } from '@cc/contracts';
import { initials } from './identity';

/** The profile image when there is one, else the user's initials (decorative: the name is shown next to it). */
export function UserAvatar({ user, size = 36 }: { user: User | undefined; size?: number }) {
  const image = user?.profileImageUrl || undefined;
  return (
    <Avatar
      src={image}
      alt={image ? displayName(user) : undefined}
      aria-hidden={image ? undefined : true}
      data-testid="user-avatar"
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: size * 0.4, fontWeight: 700 }}
    >
      {initials(user)}
    </Avatar>
  );
}
