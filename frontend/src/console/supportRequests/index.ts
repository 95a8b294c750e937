import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { SupportRequestList } from './SupportRequestList';
import { SupportRequestShow } from './SupportRequestShow';

export default { list: SupportRequestList, show: SupportRequestShow, icon: SupportAgentOutlined };
