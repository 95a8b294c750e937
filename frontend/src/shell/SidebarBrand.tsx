import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '../common/BrandMark';

/** The brand at the top of the sidebar and of the mobile drawer (with the drawer's close button). */
export function SidebarBrand({ onClose }: { onClose?: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minHeight: 64, borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component={RouterLink}
        to="/"
        aria-label="Claims Copilot home"
        sx={{ textDecoration: 'none', color: 'inherit', borderRadius: 1, minWidth: 0 }}
      >
        <BrandMark />
      </Box>
      {onClose ? (
        <IconButton aria-label="Close navigation" onClick={onClose} sx={{ ml: 'auto' }}>
          <Close aria-hidden />
        </IconButton>
      ) : null}
    </Box>
  );
}
