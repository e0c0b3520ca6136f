import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ApiError } from '@estate/client';

/** One titled card of the profile page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" fontWeight={700} mb={2}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** What a refused change shows: the field's own error, else the server's message. */
export const failureText = (e: unknown, field?: string) =>
  e instanceof ApiError ? (field && e.field(field)) || e.message : 'Не удалось сохранить';
