import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import Search from '@mui/icons-material/Search';
import { BRANCH_FILTERS, REFERENCE_LISTS, type BranchFilter, type ReferenceList } from '@cc/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { ReferenceSection } from './ReferenceSection';

const DESCRIPTIONS: Record<ReferenceList, string> = {
  disabilities: 'Conditions you can claim, as VA lists them, with their diagnostic code, DBQ and PACT Act status where VA gives them.',
  'service-branches': 'The branches of service VA forms ask about.',
  'contention-types': 'VA’s classifications of claimed conditions; historical ones are marked.',
  'treatment-centers': 'VA medical centers and clinics by state. VA’s facility locator has each one’s address, phone and hours.',
  'special-circumstances': 'Situations that can speed up a claim or change how it is handled, and where VA names them.',
};

/** /benefits-learning-center: the five reference lists, one search for all, a branch filter, and the calculators. */
export function LearningCenterPage() {
  usePageTitle('Benefits Learning Center');
  const [text, setText] = useState('');
  const [branch, setBranch] = useState<BranchFilter | null>(null);
  const search = useDebouncedValue(text.trim(), 300);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Benefits Learning Center
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
          Look up the conditions VA rates, its claim classifications, treatment centers, and the circumstances that change how a claim is
          handled.
        </Typography>
      </Box>

      <Paper
        variant="outlined"
        data-testid="calculators-callout"
        sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <CalculateOutlined aria-hidden sx={{ fontSize: 40, color: 'primary.main' }} />
        <Box sx={{ flex: '1 1 280px' }}>
          <Typography component="h2" variant="h3">
            Rating &amp; deadline calculators
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Combine your ratings the way VA does, with the bilateral factor and the monthly amount, and count your decision-review
            deadlines.
          </Typography>
        </Box>
        <Button component={RouterLink} to="/calculators" variant="contained">
          Open calculators
        </Button>
      </Paper>

      <Box role="search" aria-label="Search and filter the learning center" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <TextField
          type="search"
          placeholder="Search conditions, codes, centers, states…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search the learning center', 'data-testid': 'learning-search', maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography id="branch-filter-label" variant="body2" sx={{ fontWeight: 600 }}>
            Branch
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={branch ?? 'All'}
            onChange={(_event, value: string | null) => {
              if (value !== null) setBranch(value === 'All' ? null : (value as BranchFilter));
            }}
            aria-labelledby="branch-filter-label"
            sx={{ flexWrap: 'wrap' }}
          >
            {['All', ...BRANCH_FILTERS].map((option) => (
              <ToggleButton key={option} value={option} data-testid={`branch-${option}`} sx={{ px: 1.5 }}>
                {option}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Typography variant="body2" color="text.secondary">
          The branch filter keeps items whose name mentions that branch; General VA keeps the ones that mention none.
        </Typography>
      </Box>

      {REFERENCE_LISTS.map((list) => (
        <ReferenceSection key={list} list={list} search={search} branch={branch} description={DESCRIPTIONS[list]} />
      ))}
    </Box>
  );
}
