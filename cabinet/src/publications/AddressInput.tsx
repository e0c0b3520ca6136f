import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDebounced } from '@estate/client';
import {
  FormDataConsumer,
  InputHelperText,
  maxLength,
  minLength,
  required,
  useInput,
  useTranslateLabel,
} from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { useCabinetTranslate } from '../i18n/translate';
import type { AddressSuggestion, MetroStation } from '../types';

type Point = { lat: number; lon: number };

/** product.md section 9: a suggestion is asked 400 ms after typing stops */
const SUGGEST_DEBOUNCE_MS = 400;
/** each call spends the provider's paid quota: a word's start, not a letter or two */
const SUGGEST_MIN_LETTERS = 3;
const VALIDATE = [required(), minLength(3), maxLength(300)];

/** the suggestion's point, when it has both coordinates (DaData gives strings, or null for a city-level hit) */
function pointOf(suggestion: AddressSuggestion): Point | null {
  const { geo_lat, geo_lon } = suggestion.data;
  if (geo_lat === null || geo_lon === null) return null;
  const point = { lat: Number(geo_lat), lon: Number(geo_lon) };
  return Number.isFinite(point.lat) && Number.isFinite(point.lon) ? point : null;
}

/**
 * The listing's address, typed with the provider's suggestions in the place chosen above. A chosen
 * suggestion brings its point (`address.geo`); typing by hand afterwards drops it (null), and the
 * server looks the typed address up itself. Under the field: whether the address has a point.
 */
function AddressField({ locationId }: { locationId: string | null }) {
  const translate = useCabinetTranslate();
  const translateLabel = useTranslateLabel();
  const data = useCabinetData();
  const address = useInput({ source: 'address.fullAddress', validate: VALIDATE });
  const geoInput = useInput({
    source: 'address.geo',
    format: (v: unknown) => v ?? null,
    parse: (v: unknown) => v ?? null,
  });
  const geo = geoInput.field.value as Point | null;
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['address-suggestions', query, locationId],
    queryFn: () => data.addressSuggestions(query, locationId),
    enabled: query.length >= SUGGEST_MIN_LETTERS,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const setTyping = (value: string) => {
    setTyped(value);
    address.field.onChange(value);
    if (geo) geoInput.field.onChange(null);
  };

  const error = address.fieldState.error?.message ?? geoInput.fieldState.error?.message;
  return (
    <Autocomplete<AddressSuggestion, false, false, true>
      freeSolo
      fullWidth
      options={typed.trim().length >= SUGGEST_MIN_LETTERS ? (suggestions.data ?? []) : []}
      // the provider has matched them: every suggestion is shown as it came
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.value)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.value)}
      value={null}
      inputValue={String(address.field.value ?? '')}
      loading={suggestions.isFetching}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setTyping(value);
      }}
      onChange={(_event, option) => {
        if (option === null || typeof option === 'string') return;
        address.field.onChange(option.value);
        geoInput.field.onChange(pointOf(option));
      }}
      onBlur={address.field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          {option.value}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={address.field.name}
          inputRef={address.field.ref}
          label={translateLabel({ source: 'address.fullAddress' })}
          required={address.isRequired}
          error={Boolean(error)}
          helperText={
            error ? (
              <InputHelperText error={error} />
            ) : (
              <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                {geo ? (
                  <CheckCircleOutlineIcon fontSize="inherit" color="success" sx={{ mt: '2px' }} />
                ) : (
                  <InfoOutlinedIcon fontSize="inherit" color="warning" sx={{ mt: '2px' }} />
                )}
                <Box component="span" data-testid="address-point">
                  {translate(
                    geo
                      ? 'resources.publications.address.hasPoint'
                      : 'resources.publications.address.noPoint',
                  )}
                  {suggestions.isError &&
                    ` ${translate('resources.publications.address.suggestionsFailed', {
                      message: suggestions.error.message,
                    })}`}
                </Box>
              </Stack>
            )
          }
        />
      )}
    />
  );
}

const minutes = (station: MetroStation) =>
  station.pedestrian_time
    ? 'resources.publications.address.walk'
    : 'resources.publications.address.transport';

/** The stations near the chosen point (a city without a metro has none: nothing is shown). */
function NearestMetro({ point, locationId }: { point: Point; locationId: string }) {
  const translate = useCabinetTranslate();
  const data = useCabinetData();
  const titleId = useId();
  const stations = useQuery({
    queryKey: ['metro-nearest', point.lat, point.lon, locationId],
    queryFn: () => data.nearestMetro(point, locationId),
    staleTime: Infinity,
    retry: false,
  });
  if (!stations.data?.length) return null;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="metro" sx={{ mt: 1 }}>
      <Typography id={titleId} variant="body2" color="text.secondary">
        {translate('resources.publications.address.metro')}
      </Typography>
      <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, columnGap: 2, p: 0, m: 0 }}>
        {stations.data.map((station) => (
          <Stack
            component="li"
            key={`${station.line}-${station.name}`}
            direction="row"
            spacing={0.75}
            sx={{ alignItems: 'center', listStyle: 'none' }}
          >
            <Box
              role="img"
              aria-label={translate('resources.publications.address.line', { line: station.line })}
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: station.color, flex: 'none' }}
            />
            <Typography variant="body2">
              {station.name}, {translate(minutes(station), { time: station.time })}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** The address with its suggestions in the listing's place, and the metro near its point. */
export function AddressInput() {
  return (
    <FormDataConsumer<{ locationId?: string | null; address?: { geo?: Point | null } }>>
      {({ formData }) => (
        <>
          <AddressField locationId={formData.locationId ?? null} />
          {formData.address?.geo && formData.locationId && (
            <NearestMetro point={formData.address.geo} locationId={formData.locationId} />
          )}
        </>
      )}
    </FormDataConsumer>
  );
}
