import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { uploadAvatar } from '@estate/client';
import { useSession, type Profile } from '../../auth/session';
import { failureText, Section } from './Section';

/** The photo: a jpg or png up to 10 MB, shown as soon as the server has it. */
export function AvatarSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await uploadAvatar(file);
      await reload();
    } catch (e) {
      setError(failureText(e, 'avatar'));
    }
  };
  return (
    <Section title="Фото">
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar
          src={profile.avatar ?? undefined}
          alt={profile.name}
          sx={{ width: 80, height: 80, fontSize: 32 }}
        >
          {profile.name.slice(0, 1)}
        </Avatar>
        <Box>
          <Button variant="outlined" component="label">
            Загрузить фото
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              aria-label="Файл фото"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" mt={0.5}>
            JPG или PNG, до 10 МБ
          </Typography>
          {error && (
            <Typography variant="body2" color="error" role="alert">
              {error}
            </Typography>
          )}
        </Box>
      </Stack>
    </Section>
  );
}
