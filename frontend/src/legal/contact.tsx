import Link from '@mui/material/Link';

export const SUPPORT_EMAIL = 'support@claimscopilot.example';

export function SupportEmailLink() {
  return (
    <Link href={`mailto:${SUPPORT_EMAIL}`} underline="always">
      {SUPPORT_EMAIL}
    </Link>
  );
}
