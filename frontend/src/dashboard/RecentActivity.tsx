import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { ActivityType, DashboardPayload } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../claims/format';
import { EmptyText, SectionCard } from './SectionCard';

const ACTIVITY_ICONS: Record<ActivityType, typeof AssignmentOutlined> = {
  claim_created: AssignmentOutlined,
  document_upload: UploadFileOutlined,
  ai_analysis: AutoAwesomeOutlined,
};

type Activity = DashboardPayload['recentActivities'][number];

/** Recent claims, uploads and analyses, each with its title, description and date. */
export function RecentActivity({ activities }: { activities: readonly Activity[] | undefined }) {
  return (
    <SectionCard
      title="Recent Activity"
      testId="recent-activity"
      action={
        <Button component={RouterLink} to="/claims" size="small" endIcon={<ArrowForward aria-hidden />} aria-label="View all activity">
          View All
        </Button>
      }
    >
      {!activities ? (
        <Box role="status" aria-label="Loading recent activity">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={56} />
          ))}
        </Box>
      ) : activities.length === 0 ? (
        <EmptyText testId="recent-activity-empty">No recent activity to display</EmptyText>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {activities.map((activity) => {
            const Icon = ACTIVITY_ICONS[activity.type] ?? AssignmentOutlined;
            return (
              <Box
                component="li"
                key={activity.id}
                data-testid="activity-item"
                sx={{ display: 'flex', gap: 1.5, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
              >
                <Box
                  aria-hidden
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    width: 36,
                    height: 36,
                    flexShrink: 0,
                    borderRadius: '50%',
                    bgcolor: 'action.hover',
                    color: 'primary.main',
                  }}
                >
                  <Icon fontSize="small" />
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {activity.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {activity.description}
                  </Typography>
                </Box>
                <Typography
                  component="time"
                  dateTime={activity.createdAt}
                  variant="caption"
                  color="text.secondary"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                >
                  {formatDate(activity.createdAt)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
