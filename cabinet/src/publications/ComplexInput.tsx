import { useQuery } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import { FormDataConsumer, SelectInput, useRecordContext } from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { useCabinetTranslate } from '../i18n/translate';

/** Only a sale or a rent stands in a residential complex (a new-build flat, product.md section 3). */
export const COMPLEX_DEALS = new Set(['sale', 'rent']);

function ComplexSelect({ locationId }: { locationId: string | null }) {
  const data = useCabinetData();
  const complexes = useQuery({
    queryKey: ['complexes', locationId],
    queryFn: () => data.complexesIn(locationId!),
    enabled: Boolean(locationId),
  });
  const choices = (complexes.data ?? []).map((c) => ({ id: c.id, name: `${c.name}, ${c.locationName}` }));
  return (
    <SelectInput
      source="residentialComplexId"
      choices={choices}
      // the complexes' own names: nothing to translate
      translateChoice={false}
      emptyText="resources.publications.complex.none"
      // an empty choice is «not in a complex»: null on the wire
      parse={(v: unknown) => (v === '' ? null : v)}
      format={(v: unknown) => v ?? ''}
      isPending={complexes.isPending && Boolean(locationId)}
      helperText={
        !locationId
          ? 'resources.publications.complex.chooseLocationFirst'
          : complexes.data?.length === 0
            ? 'resources.publications.complex.noneHere'
            : false
      }
      disabled={!locationId}
      fullWidth
    />
  );
}

/** The new build a listing for sale or rent stands in, among the complexes of its place. */
export function ComplexInput() {
  return (
    <FormDataConsumer<{ dealCategory?: string; locationId?: string | null }>>
      {({ formData }) =>
        COMPLEX_DEALS.has(formData.dealCategory ?? '') ? (
          <ComplexSelect locationId={formData.locationId ?? null} />
        ) : null
      }
    </FormDataConsumer>
  );
}

/** The listing's complex on its page: its name and the year it is handed over. */
export function ComplexField(_props: { label?: string }) {
  const record = useRecordContext<{ residentialComplexId: string | null; deadlineYear: number | null }>();
  const data = useCabinetData();
  const translate = useCabinetTranslate();
  const id = record?.residentialComplexId ?? null;
  const complex = useQuery({
    queryKey: ['complex', id],
    queryFn: () => data.complex(id!),
    enabled: id !== null,
  });
  if (!id) return <Typography variant="body2">{translate('resources.publications.complex.none')}</Typography>;
  return (
    <Typography variant="body2" data-testid="complex">
      {complex.data ? complex.data.name : '…'}
      {record?.deadlineYear
        ? translate('resources.publications.complex.deadline', { year: record.deadlineYear })
        : ''}
    </Typography>
  );
}
