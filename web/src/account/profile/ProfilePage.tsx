import { Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { MyDataSection, PROFILE_TEXTS, ProfileSections } from '@estate/client/profileView';
import { useSession } from '../../auth/session';

/**
 * product.md's profile: avatar, name, phone change by an SMS code, e-mail change by a link,
 * notification switches (the cabinet's profile shows the same sections); then one's own data: a copy
 * of it and the account's erasure. After a change the session's profile is loaded again, which every
 * section shows.
 */
export function ProfilePage() {
  const { profile, reload } = useSession();
  const navigate = useNavigate();
  if (!profile) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={700}>
        {PROFILE_TEXTS.title}
      </Typography>
      <ProfileSections me={profile} reload={reload} texts={PROFILE_TEXTS} />
      <MyDataSection
        me={profile}
        onErased={() => {
          // leave the account first, so its guard does not take the ended session for a visitor to sign in
          void navigate('/');
          void reload();
        }}
      />
    </Stack>
  );
}
