import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MarkChatReadOutlined from '@mui/icons-material/MarkChatReadOutlined';
import { SUPPORT_REQUEST_STATUS_LABELS, type SupportRequestStatus } from '@cc/contracts';
import { ToneChip, type ChipTone } from '../common/ToneChip';

const TONES: Record<SupportRequestStatus, ChipTone> = {
  open: { icon: HourglassEmptyOutlined, light: '#8a4b00', dark: '#ffb74d' },
  answered: { icon: MarkChatReadOutlined, light: '#1b5e20', dark: '#81c784' },
  closed: { icon: LockOutlined, light: '#455a64', dark: '#b0bec5' },
};

/** A support request's status as a chip with its own icon and words (for the veteran and the console). */
export function SupportStatusChip({ status }: { status: SupportRequestStatus }) {
  return <ToneChip tone={TONES[status]} label={SUPPORT_REQUEST_STATUS_LABELS[status]} data={{ 'data-status': status }} />;
}
