import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { ProjectionList } from './ProjectionList';

export default { list: ProjectionList, icon: StorageOutlined };
