import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser';
import { visibleSections } from './access';
import { roleLabel } from './format';
import { rolesOfTier } from '@cc/contracts';

/**
 * The console's frame inside the app's shell: its name, the role it is seen with, one tab per
 * section the role includes, and the page title slot react-admin's `<Title>` fills.
 */
export function ConsoleLayout({ children }: { children?: ReactNode }) {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const sections = visibleSections(user?.memberTier);
  const current = sections.find((s) => pathname === `/console/${s.resource}` || pathname.startsWith(`/console/${s.resource}/`));
  const role = user ? rolesOfTier(user.memberTier)[0] : undefined;
  return (
    <Box data-testid="staff-console" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <AdminPanelSettingsOutlined aria-hidden color="primary" />
        <Typography
          component={RouterLink}
          to="/console"
          variant="overline"
          sx={{ fontWeight: 700, color: 'text.secondary', textDecoration: 'none', letterSpacing: 1 }}
        >
          Staff console
        </Typography>
        {role ? (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            Signed in as {roleLabel(role)}
          </Typography>
        ) : null}
      </Box>
      <Box component="nav" aria-label="Staff console sections" sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
        <Tabs
          value={current?.resource ?? false}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Staff console sections"
        >
          {sections.map((section) => (
            <Tab
              key={section.resource}
              value={section.resource}
              label={section.label}
              component={RouterLink}
              to={`/console/${section.resource}`}
            />
          ))}
        </Tabs>
      </Box>
      <Typography
        component="h1"
        variant="h4"
        id="react-admin-title"
        sx={{
          fontWeight: 700,
          minHeight: '1.5em',
          overflowWrap: 'anywhere',
          fontSize: { xs: '1.6rem', sm: '2.125rem' },
          '&:empty': { display: 'none' },
        }}
      />
      <Box
        sx={{
          minWidth: 0,
          // react-admin's list and show are flex rows whose main column would otherwise grow to the
          // table's width and push the whole page sideways; the table scrolls inside its card instead.
          '& .RaList-main, & .RaShow-main, & .RaList-content, & .RaShow-card': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          // Staff lists have many columns: half MUI's gutter between them keeps a list whole on a
          // laptop's screen; the first and last cells keep the card's margin.
          '& .RaDataTable-table .MuiTableCell-root': { px: 1 },
          '& .RaDataTable-table .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .RaDataTable-table .MuiTableCell-root:last-of-type': { pr: 2 },
          // Long e-mails and stream ids wrap in the phone lists rather than leave the screen.
          '& .MuiListItemText-root': { minWidth: 0 },
          '& .MuiListItemText-primary, & .MuiListItemText-secondary': { overflowWrap: 'anywhere' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
