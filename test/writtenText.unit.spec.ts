import type { ZodType } from 'zod';
import { INVISIBLE_ONLY_TEXT } from '../services/src/core/text';
import { realtorForm, profileBody, rejectBody } from '../services/src/agencies/inputs';
import { reasonBody, requestBody } from '../services/src/bookings/inputs';
import { sendMessageBody } from '../services/src/chats/inputs';
import { complaintBody, declineBody, dismissBody } from '../services/src/complaints/inputs';
import {
  categoryForm,
  contactsForm,
  investmentForm,
  investmentStatisticsForm,
  postForm,
  slideForm,
  transactionDealForm,
} from '../services/src/content/inputs';
import { changeNameBody, registrationBody } from '../services/src/identity/inputs';
import { answerBody, doneBody, noteBody, sendRequestBody } from '../services/src/leads/inputs';
import { invoiceBody } from '../services/src/money/inputs';
import { declinePublication } from '../services/src/publications/api/cabinet';
import { publicationForm } from '../services/src/publications/form';
import { createSavedSearchBody } from '../services/src/savedSearches/inputs';

/**
 * Issue 40, item 4: every field of text a person writes — names, messages, complaints, leads,
 * descriptions, reasons, the blog's and the pages' texts — goes through the one rule
 * (core/text.ts `writtenText`): a value of only invisible characters is refused with its Russian
 * message. Each row puts such a value in one field; the other fields do not matter here.
 */
const INVISIBLE = '\u3164\u2800\u200E'.repeat(5);
type Row = [name: string, schema: ZodType, path: (string | number)[], value?: unknown];

const ROWS: Row[] = [
  ['chat message', sendMessageBody, ['text']],
  ['complaint comment', complaintBody, ['comment']],
  ['complaint dismissal reason', dismissBody, ['reason']],
  ['complaint decline reason', declineBody, ['reason']],
  ['lead name', sendRequestBody, ['name']],
  ['lead text', sendRequestBody, ['text']],
  ['selection city', sendRequestBody, ['selection', 'city']],
  ['selection wishes', sendRequestBody, ['selection', 'wishes']],
  ['valuation address', sendRequestBody, ['valuation', 'address']],
  ['valuation area', sendRequestBody, ['valuation', 'area']],
  ['lead note', noteBody, ['text']],
  ['lead answer', answerBody, ['text']],
  ['lead done answer', doneBody, ['answer']],
  ['registration name', registrationBody, ['name']],
  ['changed name', changeNameBody, ['name']],
  ['realtor name', realtorForm, ['name']],
  ['realtor agency name', realtorForm, ['agencyName']],
  ['realtor rejection reason', rejectBody, ['reason']],
  ['agency name', profileBody, ['name']],
  ['agency description', profileBody, ['description']],
  ['agency specialisation', profileBody, ['specializations', 0]],
  ['invoice organisation', invoiceBody, ['organizationName']],
  ['booking guest name', requestBody, ['name']],
  ['booking rejection text', reasonBody, ['text']],
  ['saved search name', createSavedSearchBody, ['name']],
  ['listing title', publicationForm, ['title']],
  ['listing description', publicationForm, ['description']],
  ['listing address', publicationForm, ['address', 'fullAddress']],
  ['listing decline reason', declinePublication.body!, ['reason']],
  ['post title', postForm, ['title']],
  ['post text', postForm, ['description'], `<p>${INVISIBLE}</p>`],
  ['post meta description', postForm, ['descriptionMeta']],
  ['blog category name', categoryForm, ['name']],
  ['blog category description', categoryForm, ['description']],
  ['slide title', slideForm, ['title']],
  ['slide subtitle', slideForm, ['subtitle']],
  ['slide button', slideForm, ['buttonTitle']],
  ['investment title', investmentForm, ['title']],
  ['investment marker', investmentForm, ['markerContent']],
  ['investment address', investmentForm, ['address']],
  ['investment description', investmentForm, ['description'], `<p>${INVISIBLE}</p>`],
  ['contacts address', contactsForm, ['address']],
  ['contacts working hours', contactsForm, ['workingHours']],
  ['contacts document title', contactsForm, ['documents', 0, 'title']],
  ['investment statistics text', investmentStatisticsForm, ['text']],
  ['investment statistics figure', investmentStatisticsForm, ['deal', 'text']],
  ['transaction deal title', transactionDealForm, ['title']],
  ['transaction deal text', transactionDealForm, ['text'], `<p>${INVISIBLE}</p>`],
  ['transaction deal price', transactionDealForm, ['price']],
  ['transaction deal step title', transactionDealForm, ['steps', 0, 'title']],
  ['transaction deal step text', transactionDealForm, ['steps', 0, 'text']],
  ['transaction deal button', transactionDealForm, ['buttonTitle']],
];

/** `{ a: { b: [ { c: value } ] } }` for the path a.b.0.c */
function bodyWith(path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  const inner = rest.length ? bodyWith(rest, value) : value;
  return typeof head === 'number' ? [inner] : { [head]: inner };
}

describe('every field of text a person writes', () => {
  it.each(ROWS)('refuses a %s of only invisible characters', (_name, schema, path, value = INVISIBLE) => {
    const issues = schema.safeParse(bodyWith(path, value)).error?.issues ?? [];
    const messages = issues.filter((i) => i.path.join('.') === path.join('.')).map((i) => i.message);
    expect(messages).toEqual([INVISIBLE_ONLY_TEXT]);
  });
});
