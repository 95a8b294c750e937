import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

export default { list: EventList, show: EventShow, icon: ListAltOutlined };
