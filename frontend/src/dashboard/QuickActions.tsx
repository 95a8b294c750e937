import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from './SectionCard';

const ACTIONS = [
  { label: 'New Claim', to: '/claims', icon: AddCircleOutline },
  { label: 'Upload Documents', to: '/documents', icon: UploadFileOutlined },
  { label: 'AI Analysis', to: '/documents', icon: AutoAwesomeOutlined },
  { label: 'Templates', to: '/templates', icon: ArticleOutlined },
] as const;

/** Links to the main tasks (doc 1 §2 "Dashboard"). */
export function QuickActions() {
  return (
    <SectionCard title="Quick Actions" testId="quick-actions">
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        {ACTIONS.map(({ label, to, icon: Icon }) => (
          <Button
            key={label}
            component={RouterLink}
            to={to}
            variant="outlined"
            sx={{ flexDirection: 'column', gap: 0.5, py: 1.5, textAlign: 'center', lineHeight: 1.3 }}
          >
            <Icon aria-hidden />
            {label}
          </Button>
        ))}
      </Box>
    </SectionCard>
  );
}
