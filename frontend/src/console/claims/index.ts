import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import { StaffClaimList } from './StaffClaimList';
import { StaffClaimShow } from './StaffClaimShow';

export default { list: StaffClaimList, show: StaffClaimShow, icon: AssignmentTurnedInOutlined };
