import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { LeadList } from './LeadList';
import { LeadShow } from './LeadShow';

/** The request forms' leads (moderators): the list by kind and status, a lead with its history and actions. */
export default { list: LeadList, show: LeadShow, icon: PhoneInTalkIcon };
