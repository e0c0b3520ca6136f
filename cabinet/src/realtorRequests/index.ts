import HowToRegIcon from '@mui/icons-material/HowToReg';
import { RealtorRequestList } from './RealtorRequestList';

/** The realtor requests under review (moderators): approve, or reject with a reason. */
export default { list: RealtorRequestList, icon: HowToRegIcon };
