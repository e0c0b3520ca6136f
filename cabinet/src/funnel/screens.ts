/**
 * The funnel screen (issue 19, item 3): a chunk of its own, never in the dashboard's entry. Its
 * texts and its calls join the i18n and the data provider when the chunk loads.
 */
import { dataProvider } from '../dataProvider';
import { addMessages } from '../i18n';
import { funnelCalls } from './calls';
import { funnelMessages } from './ru';

addMessages(funnelMessages);
Object.assign(dataProvider, funnelCalls);

export { FunnelPage } from './FunnelPage';
