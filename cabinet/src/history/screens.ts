/**
 * A listing's history and the agency's audit trail (issue 19, items 2 and 4): a chunk of their own,
 * never in the dashboard's entry. Their texts and calls join the i18n and the data provider when
 * the chunk loads.
 */
import { dataProvider } from '../dataProvider';
import { addMessages } from '../i18n';
import { historyCalls } from './calls';
import { historyMessages } from './ru';

addMessages(historyMessages);
Object.assign(dataProvider, historyCalls);

export { ListingHistoryPage } from './ListingHistory';
export { AuditList } from './AuditList';
