import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BusinessIcon from '@mui/icons-material/Business';
import GroupIcon from '@mui/icons-material/Group';
import { Menu as RaMenu, useGetIdentity } from 'react-admin';
import { ROLES } from './staff';

/** The cabinet's menu: the resources, and the owner's agency pages (wallet, staff, profile). */
export function Menu() {
  const role = useGetIdentity().identity?.role;
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItems />
      {role === ROLES.AGENCY_OWNER && (
        <RaMenu.Item to="/wallet" primaryText="Баланс кошелька" leftIcon={<AccountBalanceWalletIcon />} />
      )}
      {role === ROLES.AGENCY_OWNER && (
        <RaMenu.Item to="/staff" primaryText="Сотрудники" leftIcon={<GroupIcon />} />
      )}
      <RaMenu.Item to="/my-agency" primaryText="Моё агентство" leftIcon={<BusinessIcon />} />
    </RaMenu>
  );
}
