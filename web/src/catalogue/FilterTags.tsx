import { Button, Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@estate/client';
import type { DealCategory } from '../api/types';
import { METRO_CHOICES, type Filters } from './filters';
import {
  CHARACTERISTIC_PARAMS,
  characteristicsQuery,
  complexNameQuery,
  dealCategoriesQuery,
  isSet,
} from './queries';

export type FilterTag = { key: string; label: string; without: Filters };

const ruDay = (iso: string) => iso.split('-').reverse().slice(0, 2).join('.');
export const roomsText = (rooms: number[]) =>
  rooms.map((r) => (r === 0 ? 'студия' : r === 4 ? '4+' : r)).join(', ');
const rangeText = (min: string, max: string, measure: string | null) =>
  [min ? `от ${min.replace('.', ',')}` : '', max ? `до ${max.replace('.', ',')}` : '', measure ?? '']
    .filter(Boolean)
    .join(' ');

/**
 * The active filters as tags (product.md, Listing cards: a remove cross, the price as «Цена: от … до …»),
 * each with the filters without it. The names of types, characteristics and complexes come from their
 * calls (the server prefetches them with the page); a name still loading shows as its kind. The
 * place has none: it shows in its own field and the header, and whether it applies depends on the
 * visitor's place, which the server does not know.
 */
export function useFilterTags(deal: DealCategory, filters: Filters): FilterTag[] {
  const hasCharacteristics = CHARACTERISTIC_PARAMS.some((n) => isSet(filters.characteristics[n]));
  const characteristics = useQuery({ ...characteristicsQuery(deal, null), enabled: hasCharacteristics });
  const types = useQuery({ ...dealCategoriesQuery(deal), enabled: filters.propertyType !== null });
  const complex = useQuery({ ...complexNameQuery(filters.complex), enabled: Boolean(filters.complex) });
  const tags: FilterTag[] = [];
  const add = (key: string, label: string, without: Partial<Filters>) =>
    tags.push({ key, label, without: { ...filters, ...without } });

  if (filters.propertyType !== null)
    add(
      'type',
      types.data?.find((t) => t.propertyType === filters.propertyType)?.name ?? 'Тип недвижимости',
      { propertyType: null },
    );
  if (filters.rooms.length) add('rooms', `Комнат: ${roomsText(filters.rooms)}`, { rooms: [] });
  if (filters.priceMin || filters.priceMax)
    add(
      'price',
      `Цена: ${[
        filters.priceMin ? `от ${formatPrice(Number(filters.priceMin))}` : '',
        filters.priceMax ? `до ${formatPrice(Number(filters.priceMax))}` : '',
      ]
        .filter(Boolean)
        .join(' ')}`,
      { priceMin: '', priceMax: '' },
    );
  for (const name of CHARACTERISTIC_PARAMS) {
    const c = filters.characteristics[name];
    if (!isSet(c)) continue;
    const info = characteristics.data?.find((d) => d.cianName === name);
    const title = info?.name ?? 'Характеристика';
    let text: string;
    if ('values' in c) {
      const names = c.values.map(
        (v) => info?.characteristicFieldSelects.find((o) => o.value === v)?.name.toLowerCase() ?? String(v),
      );
      text = names.join(', ');
    } else text = rangeText(c.min, c.max, info?.measure ?? null);
    const { [name]: _removed, ...rest } = filters.characteristics;
    add(name, `${title}: ${text}`, { characteristics: rest });
  }
  if (filters.deadline) add('deadline', `Срок сдачи: до конца ${filters.deadline} года`, { deadline: '' });
  if (filters.complex) add('complex', `ЖК: ${complex.data ?? '…'}`, { complex: '' });
  if (filters.metro)
    add('metro', `Метро: ${METRO_CHOICES[filters.metro].label.toLowerCase()}`, { metro: '' });
  if (filters.checkIn && filters.checkOut)
    add('stay', `Даты: ${ruDay(filters.checkIn)}–${ruDay(filters.checkOut)}`, { checkIn: '', checkOut: '' });
  if (filters.guests > 0) add('guests', `Гостей: ${filters.guests}`, { guests: 0 });
  return tags;
}

/** The tags above the results: a click (or the cross, or Delete) removes one; «Сбросить все» all of them (the order stays). */
export function FilterTags({
  tags,
  sort,
  onChange,
  onReset,
}: {
  tags: FilterTag[];
  sort: string;
  onChange: (next: Filters) => void;
  onReset: (sort: string) => void;
}) {
  if (!tags.length) return null;
  return (
    <Stack
      direction="row"
      gap={1}
      flexWrap="wrap"
      alignItems="center"
      aria-label="Выбранные фильтры"
      role="group"
    >
      {tags.map((t) => (
        <Chip
          key={t.key}
          label={t.label}
          aria-label={`Убрать фильтр «${t.label}»`}
          onClick={() => onChange(t.without)}
          onDelete={() => onChange(t.without)}
          sx={{ maxWidth: '100%' }}
        />
      ))}
      <Button size="small" onClick={() => onReset(sort)}>
        Сбросить все
      </Button>
    </Stack>
  );
}
