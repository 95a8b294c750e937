import Chip from '@mui/material/Chip';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { daysLeftText, urgencyOf } from './format';

const LOOK = {
  passed: { color: 'default', Icon: EventBusyOutlined },
  soon: { color: 'warning', Icon: WarningAmberOutlined },
  later: { color: 'primary', Icon: ScheduleOutlined },
} as const;

/** "Due in 12 days": its words say it, the colour and icon only repeat it. */
export function DaysLeftChip({ dueDate, today, opensDate }: { dueDate: string; today: string; opensDate?: string }) {
  const urgency = urgencyOf(dueDate, today, opensDate);
  const { color, Icon } = LOOK[urgency];
  return (
    <Chip
      size="small"
      variant={urgency === 'soon' ? 'filled' : 'outlined'}
      color={color}
      icon={<Icon aria-hidden />}
      label={daysLeftText(dueDate, today, opensDate)}
      data-testid="deadline-days-left"
      data-urgency={urgency}
      sx={{ fontWeight: 700 }}
    />
  );
}
