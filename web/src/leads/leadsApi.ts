import {
  api,
  botToken,
  type BodyOf,
  type ComplaintFiledDto,
  type LeadKindDto,
  type LeadSentDto,
} from '@estate/client';

/** The walk to the metro a selection may ask for, in minutes: the declaration's choices. */
export type MetroMinutes = NonNullable<
  NonNullable<BodyOf<'post', '/api/send-request'>['selection']>['notMoreMinutes']
>;

/** What every request form sends (api.md Forms; `kind` says which popup sent it, docs/decisions.md). */
export type LeadBody = {
  kind: LeadKindDto;
  name: string;
  phone: string;
  text: string;
  titlePage: string | null;
  selection?: {
    city: string;
    homesPropertyType: number | null;
    roadToMetro: 1 | 2 | 3 | null;
    notMoreMinutes: MetroMinutes | null;
    priceRange: { minValue: number; maxValue: number } | null;
    roomsCount: (1 | 2 | 3)[];
    homeSquare: number;
    kitchenSquare: number;
    wishes: string;
  };
  /** the seller's valuation calculator (product.md section 3) */
  valuation?: {
    square: number;
    numberOfRooms: number;
    floor: number | null;
    repair: 'without' | 'cosmetic' | 'modern' | null;
    houseType: 'brick' | 'block' | 'other' | null;
    area: string | null;
    address: string;
    time: 'yesterday' | 'soon' | 'nextMonth' | 'haveTime' | null;
  };
};

/** The campaign label (utm) of the visit, kept for the session from the address it began at. */
const LABEL_KEY = 'campaign-label';
export function campaignLabel(): string | null {
  try {
    const params = new URLSearchParams(location.search);
    const label = ['utm_source', 'utm_medium', 'utm_campaign']
      .map((k) => params.get(k))
      .filter(Boolean)
      .join(' / ');
    if (label) sessionStorage.setItem(LABEL_KEY, label.slice(0, 200));
    return sessionStorage.getItem(LABEL_KEY);
  } catch {
    return null;
  }
}

export async function sendLead(body: LeadBody, trustToken: string | null): Promise<LeadSentDto> {
  const { data } = await api.post('/api/send-request', {
    headers: trustToken ? { 'trust-token': trustToken } : {},
    body: {
      ...body,
      campaignLabel: campaignLabel(),
      'g-recaptcha-response': await botToken('send_request'),
    },
  });
  return data;
}

/** the policy's consent is required: a complaint is sent only with it given */
export type ComplaintBody = { phone: string; email: string; comment: string; policy: true };

/** A complaint goes from a confirmed phone, as a lead does (errorCode 6 without the trust token). */
export async function sendComplaint(
  publicationId: string,
  body: ComplaintBody,
  trustToken: string | null,
): Promise<ComplaintFiledDto> {
  const { data } = await api.post('/api/publications/{id}/complaint', {
    path: { id: publicationId },
    headers: trustToken ? { 'trust-token': trustToken } : {},
    body: { ...body, 'g-recaptcha-response': await botToken('complaint') },
  });
  return data;
}
