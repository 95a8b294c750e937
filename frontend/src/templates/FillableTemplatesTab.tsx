import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { useId } from 'react';

/** The two fillable templates of spec doc 2 §2.2 / §9; their wizard (§2.1) comes with the claim package work. */
const TEMPLATES = [
  {
    id: 'disability-claim-package',
    name: 'Disability Claim Package',
    Icon: DescriptionOutlined,
    description:
      'A seven-step guide through your service history, current ratings, claimed conditions and evidence, then a ready-to-file PDF package.',
  },
  {
    id: 'nexus-letter',
    name: 'Nexus Letter',
    Icon: HistoryEduOutlined,
    description: 'A letter for your doctor to state whether your condition is at least as likely as not connected to your service.',
  },
] as const;

function TemplateCard({ template }: { template: (typeof TEMPLATES)[number] }) {
  const headingId = useId();
  const { Icon } = template;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} data-testid="fillable-template" data-template={template.id} sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Icon aria-hidden sx={{ fontSize: 36, color: 'primary.main' }} />
        <Typography id={headingId} component="h3" variant="h3" sx={{ flex: '1 1 auto' }}>
          {template.name}
        </Typography>
        <Chip size="small" icon={<ScheduleOutlined aria-hidden />} label="Coming next" color="secondary" variant="outlined" sx={{ fontWeight: 700 }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {template.description}
      </Typography>
      <Box>
        <Button variant="outlined" disabled aria-describedby="fillable-templates-note">
          Fill in {template.name}
        </Button>
      </Box>
    </Paper>
  );
}

/** The pdfforge tab: the two templates, marked as the next thing to arrive rather than broken. */
export function FillableTemplatesTab() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="fillable-templates-note" variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
        Fill-in templates are coming in the next update: you will answer guided questions and download a finished PDF, also saved to
        your documents. Until then, the official forms and DBQs are in the other tabs.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {TEMPLATES.map((template) => (
          <TemplateCard key={template.id} template={template} />
        ))}
      </Box>
    </Box>
  );
}
