import { Stack, Typography } from '@mui/material';
import { useSession } from '../../auth/session';
import { AvatarSection } from './AvatarSection';
import { EmailSection } from './EmailSection';
import { NameSection } from './NameSection';
import { NotificationsSection } from './NotificationsSection';
import { PhoneSection } from './PhoneSection';

/**
 * product.md's profile: avatar, name, phone change by an SMS code, e-mail change by a link,
 * notification switches. Each section is its own component and saves on its own; after a change
 * the session's profile is loaded again, which every section shows.
 */
export function ProfilePage() {
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" fontWeight={700}>
        Профиль
      </Typography>
      <AvatarSection profile={profile} />
      <NameSection profile={profile} />
      <PhoneSection profile={profile} />
      <EmailSection profile={profile} />
      <NotificationsSection profile={profile} />
    </Stack>
  );
}
