import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { ReactNode } from 'react';
import { visuallyHidden } from './a11y';

/** A link to another site (VA.gov, a facility's own) that opens in a new tab and says so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {children}
      <OpenInNew aria-hidden sx={{ fontSize: 14 }} />
      <Box component="span" sx={visuallyHidden}>
        (opens in a new tab)
      </Box>
    </Link>
  );
}
