import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { InvoiceCreate } from './InvoiceCreate';
import { InvoiceList } from './InvoiceList';

/** The invoices asked for a top-up by bank transfer (owner only). */
export default { list: InvoiceList, create: InvoiceCreate, icon: ReceiptLongIcon };
