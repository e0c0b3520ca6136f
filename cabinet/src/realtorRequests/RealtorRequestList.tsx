import { Box, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { ListBase, Pagination, Title, useListContext } from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { ModerationHistoryOf } from '../moderation/ModerationHistory';
import { ActionButton, ReasonButton } from '../moderation/ReasonButton';
import type { RealtorRequest } from '../types';
import { ListLoading } from '../ListLoading';

const LEGAL_ENTITIES: Record<number, MessageKey> = {
  1: 'cabinet.agency.legalEntity.company',
  2: 'cabinet.agency.legalEntity.entrepreneur',
  3: 'cabinet.agency.legalEntity.realtor',
};

/**
 * One request under review: the agency's details and its moderation history (an earlier rejection,
 * by whom and why); approve, or reject with the reason the applicant reads.
 */
function RequestCard({ request }: { request: RealtorRequest }) {
  const translate = useCabinetTranslate();
  const data = useCabinetData();
  const rows: [MessageKey, string | null | undefined][] = [
    ['resources.realtor-requests.fields.name', request.name],
    [
      'resources.realtor-requests.fields.legalEntity',
      request.legalEntity ? translate(LEGAL_ENTITIES[request.legalEntity]) : null,
    ],
    ['resources.realtor-requests.fields.inn', request.inn],
    ['resources.realtor-requests.fields.kpp', request.kpp],
    ['resources.realtor-requests.fields.accountNumber', request.accountNumber],
    ['resources.realtor-requests.fields.email', request.email],
    ['resources.realtor-requests.fields.siteLink', request.siteLink],
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" fontWeight={600}>
          {request.agencyName}
        </Typography>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Typography key={label} variant="body2">
              {translate(label)}: {value}
            </Typography>
          ))}
        <Box sx={{ mt: 1 }}>
          <ModerationHistoryOf subject="realtor-request" subjectId={request.id} />
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <ActionButton
          label="resources.realtor-requests.actions.approve"
          done="resources.realtor-requests.notifications.approved"
          variant="contained"
          run={() => data.approveRealtorRequest(request.id)}
        />
        <ReasonButton
          label="resources.realtor-requests.actions.reject"
          reasonLabel="resources.realtor-requests.fields.reason"
          done="resources.realtor-requests.notifications.rejected"
          color="error"
          run={(reason) => data.rejectRealtorRequest(request.id, reason)}
        />
      </CardActions>
    </Card>
  );
}

function Requests() {
  const { data, isPending } = useListContext<RealtorRequest>();
  const translate = useCabinetTranslate();
  if (isPending) return <ListLoading />;
  if (!data?.length)
    return <Typography sx={{ p: 2 }}>{translate('resources.realtor-requests.empty')}</Typography>;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {data.map((r) => (
        <RequestCard key={r.id} request={r} />
      ))}
    </Stack>
  );
}

/** The realtor requests under review, oldest first. */
export function RealtorRequestList() {
  return (
    <ListBase perPage={10}>
      <Title title="resources.realtor-requests.page.list" />
      <Requests />
      <Pagination />
    </ListBase>
  );
}
