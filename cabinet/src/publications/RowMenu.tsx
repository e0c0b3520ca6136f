import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import type { CabinetDataProvider } from '../dataProvider';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { STATUS } from './choices';

type Action = 'edit' | 'continue' | 'changeTariff' | 'toDraft' | 'hide' | 'publish' | 'delete';

/**
 * product.md section 4, the actions each status offers: 1 edit, change the promotion, hide, back to
 * the drafts, delete; 2 and 5 (the draft's menu) continue, delete; 3 publish, delete; 4 edit, delete.
 */
const ACTIONS: Record<number, Action[]> = {
  [STATUS.PUBLISHED]: ['edit', 'changeTariff', 'toDraft', 'hide', 'delete'],
  [STATUS.DRAFT]: ['continue', 'delete'],
  [STATUS.ARCHIVED]: ['publish', 'delete'],
  [STATUS.DECLINED]: ['edit', 'delete'],
  [STATUS.PUBLISHED_NOT_ACTIVE]: ['continue', 'delete'],
};

const LABELS: Record<Action, MessageKey> = {
  edit: 'resources.publications.menu.edit',
  continue: 'resources.publications.menu.continue',
  changeTariff: 'resources.publications.actions.changeTariff',
  toDraft: 'resources.publications.menu.toDraft',
  hide: 'resources.publications.menu.hide',
  publish: 'resources.publications.actions.publish',
  delete: 'resources.publications.menu.delete',
};

/** the server's refusal: the field errors' texts when it named some (no point on the map), else its message */
function refusalOf(error: unknown): string {
  const errors = (error as { body?: { errors?: Record<string, string[]> } }).body?.errors;
  const texts = errors ? Object.values(errors).flat() : [];
  return texts.length ? texts.join('. ') : (error as Error).message;
}

/**
 * The per-card menu of the agency's listings (product.md): the status's actions through the spec's
 * calls (change-status for «В черновики» and «Скрыть», publish, delete by ids), and «Отменить», which
 * closes it. One action at a time; a click in it never opens the row.
 */
export function RowMenu() {
  const record = useRecordContext<{ id: string; status: number; title: string }>();
  const translate = useCabinetTranslate();
  const dataProvider = useDataProvider<CabinetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const close = () => setAnchor(null);

  /** a call on this listing alone: its answer for the id says whether it was done */
  const run = async (call: () => Promise<unknown>, done: MessageKey) => {
    setPending(true);
    try {
      const results = await call();
      const refused = Array.isArray(results)
        ? results.flatMap((r: { success: boolean; message?: string }) => (r.success ? [] : [r.message]))
        : [];
      if (refused.length) notify(refused.join('; '), { type: 'error' });
      else notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(refusalOf(error), { type: 'error' });
    } finally {
      setPending(false);
      setDeleting(false);
    }
  };

  const act = (action: Action) => {
    close();
    if (action === 'edit' || action === 'continue') return redirect('edit', 'publications', record.id);
    // the tariff's dialog is on the listing's page
    if (action === 'changeTariff') return redirect('show', 'publications', record.id);
    if (action === 'delete') return setDeleting(true);
    if (action === 'publish')
      return void run(
        () => dataProvider.publish('publications', record.id),
        'resources.publications.notifications.published',
      );
    void run(
      () => dataProvider.changeStatus([record.id], action === 'toDraft' ? STATUS.DRAFT : STATUS.ARCHIVED),
      action === 'toDraft'
        ? 'resources.publications.notifications.movedToDraft'
        : 'resources.publications.notifications.hiddenOne',
    );
  };

  // React's events bubble through the menu's portal to the row, which would open the listing
  const keep = (event: MouseEvent) => event.stopPropagation();
  return (
    <span onClick={keep}>
      <IconButton
        aria-label={translate('resources.publications.menu.open')}
        aria-haspopup="menu"
        disabled={pending}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={`row-menu-${record.id}`}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-label': translate('resources.publications.menu.open') } }}
      >
        {(ACTIONS[record.status] ?? ['delete']).map((action) => (
          <MenuItem key={action} onClick={() => act(action)}>
            {translate(LABELS[action])}
          </MenuItem>
        ))}
        <MenuItem onClick={close}>{translate('resources.publications.menu.cancel')}</MenuItem>
      </Menu>
      <Confirm
        isOpen={deleting}
        loading={pending}
        title={translate('resources.publications.menu.deleteTitle', { title: record.title })}
        content={translate('resources.publications.menu.deleteContent')}
        // run reports its own outcome (a notification): nothing is left to await
        onConfirm={() =>
          void run(
            () => dataProvider.deleteMany('publications', { ids: [record.id] }),
            'resources.publications.notifications.deleted',
          )
        }
        onClose={() => setDeleting(false)}
      />
    </span>
  );
}
