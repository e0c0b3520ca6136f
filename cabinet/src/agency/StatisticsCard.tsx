import { Box, Card, CardContent, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { httpClient } from '../api';

type Point = { label: string; viewCount?: number; clicksCount?: number; count?: number; viewPhoneCount?: number; chatsCount?: number };
/** product.md: three contents (impressions, favourites, responses) and three periods (week by day, month by week, year by month). */
const CONTENTS = [
  { type: 1, title: 'Показы объявлений', bars: [['viewCount', 'Просмотры'], ['clicksCount', 'Клики']] },
  { type: 2, title: 'Добавили в избранное', bars: [['count', 'Избранное']] },
  { type: 3, title: 'Отклики', bars: [['viewPhoneCount', 'Показы телефона'], ['chatsCount', 'Чаты']] },
] as const;
const COLORS = ['#0468ff', '#ff6d00'];

export function StatisticsCard() {
  const [content, setContent] = useState(1);
  const [period, setPeriod] = useState(1);
  const [diagram, setDiagram] = useState<{ total: Record<string, number>; diagram: Point[] } | null>(null);
  useEffect(() => {
    httpClient(`/api/publications-statistic/diagram?statsType=${period}&contentType=${content}`).then(({ json }) => setDiagram(json.data)).catch(() => setDiagram(null));
  }, [content, period]);
  const spec = CONTENTS.find((c) => c.type === content)!;
  const max = Math.max(1, ...(diagram?.diagram ?? []).flatMap((p) => spec.bars.map(([key]) => Number(p[key as keyof Point] ?? 0))));
  return (
    <Card variant="outlined"><CardContent>
      <Tabs value={content} onChange={(_e, v: number) => setContent(v)} variant="scrollable">
        {CONTENTS.map((c) => <Tab key={c.type} value={c.type} label={`${c.title}: ${diagram && content === c.type ? Object.values(diagram.total).reduce((a, b) => (c.type === 3 ? Math.max(a, b) : a + b), 0) : ''}`} />)}
      </Tabs>
      <ToggleButtonGroup size="small" exclusive value={period} onChange={(_e, v) => v && setPeriod(v)} sx={{ my: 2 }}>
        <ToggleButton value={1}>Неделя</ToggleButton><ToggleButton value={2}>Месяц</ToggleButton><ToggleButton value={3}>Год</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} alignItems="flex-end" sx={{ height: 180, borderLeft: 1, borderBottom: 1, borderColor: 'divider', px: 1 }} aria-label="Диаграмма">
        {diagram?.diagram.map((p) => (
          <Stack key={p.label + (p as { startDate?: string }).startDate} alignItems="center" flex={1} spacing={0.5}>
            <Stack direction="row" alignItems="flex-end" spacing={0.25} sx={{ height: 150 }}>
              {spec.bars.map(([key, name], i) => (
                <Box key={key} title={`${name}: ${p[key as keyof Point] ?? 0}`} sx={{ width: 10, height: `${(Number(p[key as keyof Point] ?? 0) / max) * 100}%`, minHeight: 1, bgcolor: COLORS[i], borderRadius: 0.5 }} />
              ))}
            </Stack>
            <Typography variant="caption" color="text.secondary" noWrap>{p.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} mt={1}>{spec.bars.map(([key, name], i) => <Typography key={key} variant="caption" sx={{ color: COLORS[i] }}>■ {name}</Typography>)}</Stack>
    </CardContent></Card>
  );
}
