import SettingsIcon from '@mui/icons-material/Settings';
import { Menu as RaMenu } from 'react-admin';

/**
 * The moderators' back-office: the leads, the complaints (the queue of listings, the complaints),
 * the realtor requests, the site's content and its settings. The resources show react-admin's
 * default icon: eight icons more in the dashboard's entry put it over its budget (350 kB gzip).
 */
export function ModeratorMenu() {
  return (
    <RaMenu>
      <RaMenu.ResourceItem name="leads" />
      <RaMenu.ResourceItem name="moderation-listings" />
      <RaMenu.ResourceItem name="complained-publications" />
      <RaMenu.ResourceItem name="complaints" />
      <RaMenu.ResourceItem name="realtor-requests" />
      <RaMenu.ResourceItem name="posts" />
      <RaMenu.ResourceItem name="post-categories" />
      <RaMenu.ResourceItem name="slides" />
      <RaMenu.ResourceItem name="investments" />
      <RaMenu.Item to="/settings" primaryText="cabinet.menu.settings" leftIcon={<SettingsIcon />} />
    </RaMenu>
  );
}
