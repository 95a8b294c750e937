import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import type { DashboardPayload } from '@cc/contracts';
import { StatCard, StatGrid } from '../claims/StatCards';

/** The four stat cards. Current VA Rating is the combined rating of the approved claims. */
export function DashboardStats({ stats }: { stats: DashboardPayload['stats'] | undefined }) {
  return (
    <StatGrid label="Your claim figures">
      <StatCard
        label="Current VA Rating"
        value={stats ? `${stats.disabilityRating}%` : undefined}
        icon={<MilitaryTechOutlined />}
        testId="stat-current-va-rating"
      />
      <StatCard label="Active Claims" value={stats?.activeClaims} icon={<AssignmentOutlined />} testId="stat-active-claims" />
      <StatCard label="Approved Claims" value={stats?.approvedClaims} icon={<CheckCircleOutline />} testId="stat-approved-claims" />
      <StatCard label="Days Pending" value={stats?.oldestPendingDays} icon={<ScheduleOutlined />} testId="stat-days-pending" />
    </StatGrid>
  );
}
