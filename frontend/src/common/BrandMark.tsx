import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { PRODUCT_NAME } from './usePageTitle';

/** Shield icon and the product name. */
export function BrandMark({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: size === 'small' ? 28 : 32,
          height: size === 'small' ? 28 : 32,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          flexShrink: 0,
        }}
      >
        <ShieldOutlined fontSize="small" />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size === 'small' ? '1.05rem' : '1.15rem',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          color: 'text.primary',
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
