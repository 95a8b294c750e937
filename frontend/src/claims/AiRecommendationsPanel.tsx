import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AiProfile } from './api';
import { useAiProfile } from './queries';
import { QueryErrorState } from '../common/QueryErrorState';
import { usePreferences } from '../settings/preferences';

/** At most 3 items per group (doc 1 §9). */
export const AI_ITEMS_PER_GROUP = 3;

interface Group {
  title: string;
  testId: string;
  items: { key: string; primary: string; secondary: string }[];
}

function groupsOf(profile: AiProfile): Group[] {
  return [
    {
      title: 'Potential New Claims',
      testId: 'ai-potential-claims',
      items: profile.potentialConditions.slice(0, AI_ITEMS_PER_GROUP).map((item, index) => ({
        key: `${item.condition}-${index}`,
        primary: item.condition,
        secondary: `${Math.round(item.confidence * 100)}% confidence`,
      })),
    },
    {
      title: 'Secondary Conditions',
      testId: 'ai-secondary-conditions',
      items: profile.secondaryConditions.slice(0, AI_ITEMS_PER_GROUP).map((item, index) => ({
        key: `${item.secondaryCondition}-${index}`,
        primary: item.secondaryCondition,
        secondary: `Secondary to ${item.primaryCondition}`,
      })),
    },
    {
      title: 'Rating Increases',
      testId: 'ai-rating-increases',
      items: profile.existingConditions
        .filter((item) => item.potentialIncrease)
        .slice(0, AI_ITEMS_PER_GROUP)
        .map((item, index) => ({
          key: `${item.condition}-${index}`,
          primary: item.condition,
          secondary: item.currentRating === null ? 'Not rated yet' : `Current rating: ${item.currentRating}%`,
        })),
    },
  ];
}

function PanelFrame({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid="ai-recommendations" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <AutoAwesomeOutlined aria-hidden sx={{ color: 'primary.main' }} />
        <Typography id={headingId} component="h2" variant="h3">
          AI Recommendations
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

/**
 * Suggestions from the AI analysis of the user's documents, unless the AI Recommendations setting
 * is off. Nothing shows until the setting is known (so a hidden panel never flashes); when it
 * cannot be read, its default (on) holds.
 */
export function AiRecommendationsPanel() {
  const preferences = usePreferences();
  if (preferences.isPending || preferences.data?.aiRecommendations === false) return null;
  return <Recommendations />;
}

/** The panel itself (GET /api/ai-analysis/profile). */
function Recommendations() {
  const query = useAiProfile();
  if (query.isError) {
    return (
      <PanelFrame>
        <QueryErrorState
          what="your AI recommendations"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </PanelFrame>
    );
  }
  if (!query.data) {
    return (
      <PanelFrame>
        <Box role="status" aria-label="Loading AI recommendations" sx={{ display: 'grid', gap: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </Box>
      </PanelFrame>
    );
  }
  const groups = groupsOf(query.data);
  if (groups.every((group) => group.items.length === 0)) {
    return (
      <PanelFrame>
        <Box data-testid="ai-recommendations-empty">
          <Typography sx={{ fontWeight: 700 }}>No recommendations yet</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: '65ch' }}>
            Upload your medical records and run an AI analysis: possible new claims, secondary conditions and rating increases will be
            suggested here.
          </Typography>
          <Button component={RouterLink} to="/documents" variant="outlined" size="small" sx={{ mt: 1.5 }}>
            Go to Documents
          </Button>
        </Box>
      </PanelFrame>
    );
  }
  return (
    <PanelFrame>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {groups.map((group) => (
          <RecommendationGroup key={group.title} group={group} />
        ))}
      </Box>
    </PanelFrame>
  );
}

function RecommendationGroup({ group }: { group: Group }) {
  return (
    <Box data-testid={group.testId}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {group.title}
      </Typography>
      {group.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing suggested yet.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {group.items.map((item) => (
            <Box component="li" key={item.key} sx={{ p: 1.25, borderRadius: 2, border: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {item.primary}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {item.secondary}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
