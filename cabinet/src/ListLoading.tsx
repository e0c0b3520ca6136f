import { Loading } from 'react-admin';

/**
 * A list's first loading, shown once it takes longer than a glance: react-admin's own waits a second,
 * and its table's skeleton too, which left a slow list blank that long. Every <List> has it by the
 * theme (App.tsx); a list of cards on a <ListBase> shows it itself.
 */
export const ListLoading = () => <Loading timeout={200} />;
