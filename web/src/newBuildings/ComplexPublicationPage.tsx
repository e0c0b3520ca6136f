import { Skeleton, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CrumbLink, Crumbline } from '../content/Crumbline';
import { PublicationPage } from '../publication/PublicationPage';
import { complexQuery } from './queries';

/**
 * `/new-buildings/{id}/{publication}`: the site's listing page (the same component as on
 * /prodazha/{id}, reading `:id`) under a breadcrumb back to its residential complex.
 */
export function ComplexPublicationPage() {
  const { complexId = '' } = useParams();
  const complex = useQuery(complexQuery(complexId));
  const back = `/new-buildings/${encodeURIComponent(complexId)}`;
  return (
    <Stack spacing={2}>
      <Crumbline>
        <CrumbLink to="/new-buildings">Новостройки</CrumbLink>
        <CrumbLink to={back} data-testid="crumb-complex">
          {complex.data ? (
            complex.data.name
          ) : complex.isError || complex.data === null ? (
            'Жилой комплекс'
          ) : (
            <Skeleton width={140} sx={{ display: 'inline-block' }} />
          )}
        </CrumbLink>
        <span aria-current="page">Объявление</span>
      </Crumbline>
      <PublicationPage />
    </Stack>
  );
}
