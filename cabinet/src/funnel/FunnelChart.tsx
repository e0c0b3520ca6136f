import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { FunnelDto } from '@estate/client';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';

type Part = FunnelDto['total'];
const STEP_COLOURS: Record<string, string> = {
  impressions: '#1976d2',
  opened: '#2e7d32',
  responses: '#ed6c02',
  phone: '#f57c00',
  chat: '#ffa726',
  favorite: '#ffb74d',
  booking: '#9c27b0',
};
/** the levels of the chart: the three responses side by side under their sum */
const LEVELS = [['impressions'], ['opened'], ['phone', 'chat', 'favorite'], ['booking']];

/**
 * The funnel drawn in plain SVG (no chart library: the screen's chunk stays small): a centred bar
 * per level, as wide as its viewers against the first step's, the three responses side by side.
 */
export function FunnelChart({ part }: { part: Part }) {
  const translate = useCabinetTranslate();
  const byStep = new Map<string, Part['steps'][number]>(part.steps.map((s) => [s.step, s]));
  const top = Math.max(1, ...part.steps.map((s) => s.count));
  const levels = LEVELS.map((steps) => steps.flatMap((name) => byStep.get(name) ?? [])).filter(
    (l) => l.length,
  );
  // a phone draws it at its own scale, so that the texts keep their size
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const width = phone ? 340 : 600;
  const rowHeight = 56;
  const height = levels.length * rowHeight;
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={translate('funnel.chart' as MessageKey)}
        style={{ display: 'block', fontFamily: 'Roboto, Arial, sans-serif' }}
      >
        {levels.map((level, row) => {
          const slot = width / level.length;
          return level.map((step, n) => {
            const share = step.count / top;
            const w = Math.max(4, (slot - 8) * share);
            const x = n * slot + (slot - w) / 2;
            const y = row * rowHeight + 4;
            const label = translate(`funnel.short.${step.step}` as MessageKey);
            return (
              <g key={step.step} data-step={step.step}>
                <rect x={n * slot + 4} y={y} width={slot - 8} height={rowHeight - 24} rx={4} fill="#eef1f5" />
                <rect x={x} y={y} width={w} height={rowHeight - 24} rx={4} fill={STEP_COLOURS[step.step]} />
                <text
                  x={n * slot + slot / 2}
                  y={y + (rowHeight - 24) / 2 + 5}
                  textAnchor="middle"
                  fontSize={level.length > 1 ? 13 : 15}
                  fontWeight={600}
                  fill={share > 0.6 ? '#fff' : '#222'}
                >
                  {step.count.toLocaleString('ru-RU')}
                  {step.conversion !== null ? ` · ${step.conversion.toLocaleString('ru-RU')}%` : ''}
                </text>
                <text
                  x={n * slot + slot / 2}
                  y={y + rowHeight - 8}
                  textAnchor="middle"
                  fontSize={12}
                  fill="#555"
                >
                  {label}
                </text>
              </g>
            );
          });
        })}
      </svg>
    </Box>
  );
}
