import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BusinessIcon from '@mui/icons-material/Business';
import GroupIcon from '@mui/icons-material/Group';
import { Menu as RaMenu, useGetIdentity } from 'react-admin';
import { ROLES } from './staff';

/** The cabinet's menu: the resources, and the owner's agency pages (wallet, staff, profile); react-admin translates the keys. */
export function Menu() {
  const role = useGetIdentity().identity?.role;
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItems />
      {role === ROLES.AGENCY_OWNER && (
        <RaMenu.Item to="/wallet" primaryText="cabinet.menu.wallet" leftIcon={<AccountBalanceWalletIcon />} />
      )}
      {role === ROLES.AGENCY_OWNER && (
        <RaMenu.Item to="/staff" primaryText="cabinet.menu.staff" leftIcon={<GroupIcon />} />
      )}
      <RaMenu.Item to="/my-agency" primaryText="cabinet.menu.agency" leftIcon={<BusinessIcon />} />
    </RaMenu>
  );
}
