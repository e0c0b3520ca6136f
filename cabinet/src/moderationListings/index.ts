import FactCheckIcon from '@mui/icons-material/FactCheck';
import { ModerationListingList } from './ModerationListingList';
import { ModerationListingShow } from './ModerationListingShow';

/** Listings for moderation (moderators): the queue awaiting it, a listing with its actions and history. */
export default { list: ModerationListingList, show: ModerationListingShow, icon: FactCheckIcon };
