import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { AccessLogList } from './AccessLogList';

export default { list: AccessLogList, icon: VisibilityOutlined };
