import { Stack, Typography } from '@mui/material';
import { PROFILE_TEXTS, ProfileSections } from '@estate/client/profileView';
import { useSession } from '../../auth/session';

/**
 * product.md's profile: avatar, name, phone change by an SMS code, e-mail change by a link,
 * notification switches (the cabinet's profile shows the same sections). After a change the
 * session's profile is loaded again, which every section shows.
 */
export function ProfilePage() {
  const { profile, reload } = useSession();
  if (!profile) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={700}>
        {PROFILE_TEXTS.title}
      </Typography>
      <ProfileSections me={profile} reload={reload} texts={PROFILE_TEXTS} />
    </Stack>
  );
}
