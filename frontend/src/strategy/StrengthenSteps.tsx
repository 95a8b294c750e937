import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StrengthenStep } from '@cc/contracts';
import { useId } from 'react';
import { EvidenceStateChip } from '../evidence/EvidenceStateChip';
import { Step } from '../evidence/EvidenceMapView';
import { gainText } from './format';

/** An open claim: the elements to strengthen, biggest effect on readiness first, each with the tools that do it. */
export function StrengthenSteps({ steps }: { steps: readonly StrengthenStep[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} component="h3" variant="h3">
        What to strengthen first
      </Typography>
      {steps.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Every element of service connection is proven or presumed in your documents. Nothing is left to strengthen.
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {steps.map((step, index) => (
            <Paper
              component="li"
              variant="outlined"
              key={step.element}
              data-testid="strategy-step"
              data-element={step.element}
              sx={{ p: 2, display: 'grid', gap: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {index + 1}. {step.title}
                </Typography>
                <EvidenceStateChip state={step.state} />
                <Typography variant="body2" color="text.secondary">
                  {gainText(step.gain)} (to {step.readinessAfter}%)
                </Typography>
              </Box>
              <Typography variant="body2">{step.reason}</Typography>
              <Box
                component="ul"
                aria-label={`How to strengthen: ${step.title}`}
                sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}
              >
                {step.actions.map((action) => (
                  <Step key={action.href} step={action} readOnly={false} />
                ))}
              </Box>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
