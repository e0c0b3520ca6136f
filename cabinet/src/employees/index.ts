import GroupIcon from '@mui/icons-material/Group';
import { EmployeeList } from './EmployeeList';

/** The agency's staff (owner only): the list with its add form; each change is the spec's own call. */
export default { list: EmployeeList, icon: GroupIcon };
