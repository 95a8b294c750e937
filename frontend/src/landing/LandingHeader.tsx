import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { LOGIN_URL, PRODUCT_NAME } from './publicPage';

export function LandingHeader() {
  return (
    <AppBar
      component="header"
      position="static"
      color="transparent"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, justifyContent: 'space-between' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <ShieldOutlined color="primary" aria-hidden />
            {/* Not a heading: the page's single h1 is the hero headline. */}
            <Typography component="p" variant="h6" noWrap sx={{ fontWeight: 700, color: 'text.primary' }}>
              {PRODUCT_NAME}
            </Typography>
          </Box>
          <Button variant="outlined" href={LOGIN_URL} sx={{ flexShrink: 0 }}>
            Sign In
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
