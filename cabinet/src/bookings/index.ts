import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { BookingList } from './BookingList';

export default { list: BookingList, icon: EventAvailableIcon };
