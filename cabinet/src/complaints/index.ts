import ReportIcon from '@mui/icons-material/Report';
import { ComplainedList } from './ComplainedList';
import { ComplaintList } from './ComplaintList';

/** The complaints about listings (moderators): the queue of listings, and the complaints themselves. */
export const complainedPublications = { list: ComplainedList, icon: ReportIcon };
export default { list: ComplaintList, icon: ReportIcon };
