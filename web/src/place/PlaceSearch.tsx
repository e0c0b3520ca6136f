import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, useDebounced, type PlaceSuggestionDto } from '@estate/client';
import { currentPlace, placeOfSuggestion, type PlaceFilter } from './placeFilter';
import { useChosenPlace } from './store';

/** product.md section 9: address suggestions wait 400 ms after the last key. */
export const ADDRESS_DEBOUNCE_MS = 400;
const LABEL = 'Город, метро, район, улица';

type Option = PlaceSuggestionDto | PlaceFilter;
const isSuggestion = (o: Option): o is PlaceSuggestionDto => 'subtitle' in o;
const keyOf = (o: Option) => `${o.kind}:${o.locationId}:${o.name}`;

/**
 * The catalogue's place search: suggestions of places, metro stations and streets inside the
 * header's place (`GET /api/place-suggestions`), 400 ms after typing; picking one sets the
 * search's place, clearing it drops it.
 */
export function PlaceSearch({
  value: searched,
  onChange,
}: {
  value: PlaceFilter | null;
  onChange: (p: PlaceFilter | null) => void;
}) {
  const { place } = useChosenPlace();
  // a place found inside the header's former place is shown no more
  const value = currentPlace(searched, place);
  const [text, setText] = useState(value?.name ?? '');
  // the search's place changed from outside (the URL, a reset): the field shows it
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value?.name ?? '');
  }
  const query = useDebounced(text.trim(), ADDRESS_DEBOUNCE_MS);
  const scope = place?.id ?? 'null';
  const typed = text.trim().length > 0 && text !== value?.name;
  const suggestions = useQuery({
    queryKey: ['place-suggestions', scope, query],
    queryFn: ({ signal }) =>
      api
        .get('/api/place-suggestions', { query: { query, locationId: scope, limit: 10 }, signal })
        .then((a) => a.data),
    enabled: typed && query.length > 0,
    staleTime: 300_000,
  });
  const settled = typed && query === text.trim() && !suggestions.isFetching;
  const options: Option[] = typed ? (suggestions.data ?? []) : [];

  return (
    <Autocomplete<Option, false, false, false>
      value={value}
      inputValue={text}
      options={options}
      filterOptions={(o) => o}
      forcePopupIcon={false}
      isOptionEqualToValue={(a, b) => keyOf(a) === keyOf(b)}
      getOptionLabel={(o) => o.name}
      onInputChange={(_, next, reason) => {
        // MUI's own resets to nothing are not taken (a pick and the clear button set the text
        // themselves): it resets whenever the page re-renders around an unfocused field, which,
        // the moment after hydration, wiped what a visitor had begun to type
        if (reason === 'reset' && next === '') return;
        setText(next);
      }}
      onChange={(_, picked) => {
        onChange(
          picked ? (isSuggestion(picked) ? placeOfSuggestion(picked, place?.id ?? null) : picked) : null,
        );
        setText(picked?.name ?? '');
      }}
      loading={typed && !settled}
      loadingText="Ищем…"
      noOptionsText={typed ? 'Ничего не найдено' : 'Начните вводить адрес'}
      clearText="Очистить"
      openText="Открыть подсказки"
      closeText="Закрыть подсказки"
      size="small"
      sx={{ flex: '2 1 280px', minWidth: 0 }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Stack direction="row" spacing={1} alignItems="center">
            {isSuggestion(o) && o.color && (
              <Box
                aria-hidden
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: o.color, flex: '0 0 auto' }}
              />
            )}
            <Box>
              <Typography variant="body2">{o.name}</Typography>
              {isSuggestion(o) && (
                <Typography variant="caption" color="text.secondary">
                  {o.subtitle}
                </Typography>
              )}
            </Box>
          </Stack>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={LABEL}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': LABEL, maxLength: 100 } }}
        />
      )}
    />
  );
}
