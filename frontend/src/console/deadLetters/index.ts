import MarkunreadMailboxOutlined from '@mui/icons-material/MarkunreadMailboxOutlined';
import { DeadLetterList } from './DeadLetterList';

export default { list: DeadLetterList, icon: MarkunreadMailboxOutlined };
