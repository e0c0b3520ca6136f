import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Button, Skeleton, Stack, Typography } from '@mui/material';
import { Popover } from '../app/overlays';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '@estate/client';
import { priceHistoryQuery } from './queries';
import { formatDate } from '../app/dates';

/** product.md: 'История изменения цены' with the date, the price and the difference (up or down). */
export function PriceHistory({ publicationId }: { publicationId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // asked for on the first opening, kept for the next
  const history = useQuery({ ...priceHistoryQuery(publicationId), enabled: anchor !== null });
  const items = history.data;
  return (
    <>
      <Button
        size="small"
        variant="text"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ alignSelf: 'flex-start', px: 0 }}
      >
        История цены
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={1.5} sx={{ p: 2, minWidth: 280 }}>
          <Typography fontWeight={700}>История изменения цены</Typography>
          {items?.map((item) => (
            <Stack
              key={item.createdAt}
              direction="row"
              spacing={2}
              justifyContent="space-between"
              alignItems="center"
            >
              <Typography variant="body2" color="text.secondary">
                {formatDate(item.createdAt)}
              </Typography>
              <Typography variant="body2" fontWeight={600}>
                {formatPrice(item.price)}
              </Typography>
              {item.priceDiff !== 0 ? (
                <Stack
                  direction="row"
                  alignItems="center"
                  color={item.priceDiff < 0 ? 'success.main' : 'error.main'}
                  minWidth={110}
                  justifyContent="flex-end"
                >
                  {item.priceDiff < 0 ? (
                    <ArrowDownwardIcon fontSize="small" />
                  ) : (
                    <ArrowUpwardIcon fontSize="small" />
                  )}
                  <Typography variant="body2">{formatPrice(Math.abs(item.priceDiff))}</Typography>
                </Stack>
              ) : (
                <Typography variant="body2" minWidth={110} textAlign="right" color="text.secondary">
                  начальная
                </Typography>
              )}
            </Stack>
          ))}
          {history.isPending && (
            <>
              <Skeleton width="100%" />
              <Skeleton width="100%" />
            </>
          )}
          {history.isError && (
            <Typography variant="body2" color="error">
              Не удалось загрузить историю цены
            </Typography>
          )}
          {items?.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Цена не менялась
            </Typography>
          )}
        </Stack>
      </Popover>
    </>
  );
}
