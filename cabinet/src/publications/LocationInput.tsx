import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { PlaceDto } from '@estate/client';
import { useCabinetData } from '../agency/useAgency';
import { InputHelperText, useInput, useTranslateLabel, type Validator } from 'react-admin';
import { useCabinetTranslate } from '../i18n/translate';

/** A place of the locations tree as GET /api/locations answers it (type 1 city, 2 district, 3 and 4 settlements, 5 region). */
export type Place = PlaceDto;

const REGION = 5;
/** product.md section 9: the location search waits 400 ms after typing */
const SEARCH_DEBOUNCE_MS = 400;

/** A listing stands in a city, a district or a settlement: regions and 'Вся Россия' are not offered. */
const publicationPlaces = (places: Place[]) =>
  places.filter((p): p is Place & { id: string } => p.id !== null && p.type !== REGION);

/**
 * The listing's place, picked from the locations tree by typing its name (api.md: location search
 * queries only non-empty text); the chosen place's id is the form's `locationId`. Its label is
 * translated as react-admin's inputs translate theirs (by default the resource's field label).
 */
export function LocationInput({
  source = 'locationId',
  label,
  validate,
}: {
  source?: string;
  label?: string;
  validate?: Validator | Validator[];
}) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const translate = useCabinetTranslate();
  const translateLabel = useTranslateLabel();
  const [selected, setSelected] = useState<Place | null>(null);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Place[]>([]);
  const data = useCabinetData();

  // an edited listing comes with an id only: its name is read once
  useEffect(() => {
    if (!field.value || selected?.id === field.value) return;
    let live = true;
    data
      .place(String(field.value))
      .then((place) => live && setSelected(place))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [data, field.value, selected?.id]);

  useEffect(() => {
    const query = text.trim();
    if (!query || query === selected?.fullName) return;
    let live = true;
    const timer = setTimeout(() => {
      data
        .searchPlaces(query)
        .then((places) => live && setOptions(publicationPlaces(places)))
        .catch(() => live && setOptions([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [data, text, selected?.fullName]);

  return (
    <Autocomplete
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={selected}
      filterOptions={(places) => places}
      getOptionLabel={(place) => place.fullName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={translate(
        text.trim()
          ? 'resources.publications.location.nothingFound'
          : 'resources.publications.location.startTyping',
      )}
      onInputChange={(_event, value, reason) => reason === 'input' && setText(value)}
      onChange={(_event, place) => {
        setSelected(place);
        field.onChange(place?.id ?? null);
      }}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, place) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography>{place.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {place.fullName}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translateLabel({ label, source })}
          required={isRequired}
          error={fieldState.invalid}
          helperText={
            <InputHelperText
              error={fieldState.error?.message}
              helperText="resources.publications.location.helper"
            />
          }
        />
      )}
    />
  );
}
