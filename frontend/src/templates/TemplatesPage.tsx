import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { DbqsTab } from './DbqsTab';
import { PdforgeTemplates } from '../pdforge/PdforgeTemplates';
import { FORM_TABS, isFormTab, type FormTab } from './format';
import { VaFormsTab } from './VaFormsTab';

const PANELS: Record<FormTab, () => React.JSX.Element> = { 'va-forms': VaFormsTab, dbqs: DbqsTab, pdfforge: PdforgeTemplates };

/** /templates (spec doc 2 §2.2): official VA forms, DBQs and the fillable templates, one tab each; the tab lives in the address (?tab=dbqs). */
export function TemplatesPage() {
  usePageTitle('Forms & Templates');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: FormTab = isFormTab(requested) ? requested : 'va-forms';
  const Panel = PANELS[tab];
  const select = (next: FormTab) => {
    const updated = new URLSearchParams(params);
    updated.set('tab', next);
    setParams(updated, { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Forms &amp; Templates
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
          Download official VA forms and Disability Benefits Questionnaires, and prepare your claim package.
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: FormTab) => select(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Forms and templates"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
        >
          {FORM_TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`forms-tab-${t.value}`}
              aria-controls={`forms-panel-${t.value}`}
              data-testid={`forms-tab-${t.value}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`forms-panel-${tab}`}
          aria-labelledby={`forms-tab-${tab}`}
          data-testid={`forms-panel-${tab}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Panel />
        </Box>
      </Paper>
    </Box>
  );
}
