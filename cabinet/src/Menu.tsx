import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BusinessIcon from '@mui/icons-material/Business';
import ForumIcon from '@mui/icons-material/Forum';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import { Menu as RaMenu, useGetIdentity } from 'react-admin';
import { ModeratorMenu } from './moderation/ModeratorMenu';
import { ROLES } from './staff';

/**
 * The cabinet's menu: listings and bookings for all the staff; the wallet, the invoices and the
 * staff for the owner only (the server refuses an agent those calls anyway); the agency's profile.
 */
export function Menu() {
  const role = useGetIdentity().identity?.role;
  const owner = role === ROLES.AGENCY_OWNER;
  if (role === ROLES.MODERATOR) return <ModeratorMenu />;
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItem name="publications" />
      <RaMenu.ResourceItem name="bookings" />
      <RaMenu.Item to="/chats" primaryText="cabinet.menu.chats" leftIcon={<ForumIcon />} />
      <RaMenu.Item to="/funnel" primaryText="cabinet.menu.funnel" leftIcon={<FilterAltIcon />} />
      {owner && (
        <RaMenu.Item to="/wallet" primaryText="cabinet.menu.wallet" leftIcon={<AccountBalanceWalletIcon />} />
      )}
      {owner && <RaMenu.ResourceItem name="invoices" />}
      {owner && <RaMenu.ResourceItem name="employees" />}
      {owner && <RaMenu.Item to="/audit" primaryText="cabinet.menu.audit" leftIcon={<BusinessIcon />} />}
      <RaMenu.Item to="/my-agency" primaryText="cabinet.menu.agency" leftIcon={<BusinessIcon />} />
    </RaMenu>
  );
}
