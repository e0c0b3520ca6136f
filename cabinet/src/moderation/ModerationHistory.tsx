import { Card, CardContent, Chip, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { useCabinetTranslate } from '../i18n/translate';
import type { ModerationStep } from '../types';
import { dateTime } from './format';

/** Who did what and when: a listing's or a realtor request's moderation steps, oldest first. */
export function ModerationSteps({ steps }: { steps: ModerationStep[] }) {
  const translate = useCabinetTranslate();
  return (
    <Card variant="outlined" sx={{ width: '100%' }} data-testid="moderation-history">
      <CardContent>
        <Typography variant="h6">{translate('moderation.history.title')}</Typography>
        {steps.length === 0 ? (
          <Typography variant="body2">{translate('moderation.history.empty')}</Typography>
        ) : (
          <MuiList dense>
            {steps.map((step) => (
              <ListItem key={step.id} disableGutters>
                <ListItemText
                  primary={
                    <>
                      <Chip size="small" label={step.actionName} sx={{ mr: 1 }} />
                      {step.actor?.name ?? ''}
                    </>
                  }
                  secondary={[dateTime(step.at), step.text].filter(Boolean).join(' — ')}
                />
              </ListItem>
            ))}
          </MuiList>
        )}
      </CardContent>
    </Card>
  );
}

/** The history read through the data provider (`moderation-history`, simple-rest), e.g. a realtor request's. */
export function ModerationHistoryOf({
  subject,
  subjectId,
}: {
  subject: ModerationStep['subject'];
  subjectId: string;
}) {
  const { data } = useGetList<ModerationStep>('moderation-history', {
    filter: { subject, subjectId },
    pagination: { page: 1, perPage: 100 },
  });
  return data ? <ModerationSteps steps={data} /> : null;
}
