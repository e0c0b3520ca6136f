import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BusinessIcon from '@mui/icons-material/Business';
import ForumIcon from '@mui/icons-material/Forum';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import PersonIcon from '@mui/icons-material/Person';
import { Menu as RaMenu, useGetIdentity } from 'react-admin';
import { ModeratorMenu } from './moderation/ModeratorMenu';
import { ROLES } from './staff';

/**
 * The cabinet's menu: listings and bookings for all the staff; the wallet, the invoices, the staff
 * and the audit trail for the owner only (their items ask canAccess, staff.ts); the agency's
 * profile and one's own.
 */
export function Menu() {
  const role: unknown = useGetIdentity().identity?.role;
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
      <RaMenu.ResourceItem name="invoices" />
      <RaMenu.ResourceItem name="employees" />
      {owner && <RaMenu.Item to="/audit" primaryText="cabinet.menu.audit" leftIcon={<BusinessIcon />} />}
      <RaMenu.Item to="/my-agency" primaryText="cabinet.menu.agency" leftIcon={<BusinessIcon />} />
      <RaMenu.Item to="/profile" primaryText="cabinet.menu.profile" leftIcon={<PersonIcon />} />
    </RaMenu>
  );
}
