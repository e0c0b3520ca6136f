import { LEAD_KINDS, type LeadKind } from '@estate/events';
import request from 'supertest';
import { lettersTo } from '../../test/letters';
import { createAgency } from '../../test/publications';
import { settled } from '../../test/settled';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { trustPhone } from '../../test/trust';
import { changeUser } from '../identity';
import { seedDemoLeads } from './demo';
import { registerSiteUser, registerSiteUsers } from '../../test/users';

/**
 * api.md Forms: `POST /api/send-request` for every kind of lead, the SMS trust token (errorCode 6),
 * the campaign label, the limits, the letter to the inbox; and the moderators' work on the leads
 * under `/api/cabinet/leads`. Every answer is also checked against its declared schema (core/route.ts).
 */
let t: TestApp;
let moderator: string;
let user: string;
let agent: string;
const INBOX = 'leads@test.local';
const USER_PHONE = '79162230001';
const TOO_MANY = 'Превышен лимит запросов, пожалуйста попробуйте позже.';

let ipCounter = 0;
/** each call from its own address (the app trusts the loopback proxy's X-Forwarded-For), unless a test names one */
const newIp = () => `198.51.100.${++ipCounter}`;
const send = (
  body: Record<string, unknown>,
  options: { trust?: string; token?: string; ip?: string; bot?: string | null } = {},
) => {
  let r = request(t.app)
    .post('/api/send-request')
    .set('X-Forwarded-For', options.ip ?? newIp());
  if (options.trust) r = r.set('trust-token', options.trust);
  if (options.token) r = r.set('Authorization', `Bearer ${options.token}`);
  return r.send({
    name: 'Мария',
    text: 'Перезвоните, пожалуйста',
    titlePage: 'Главная',
    ...(options.bot === null ? {} : { 'g-recaptcha-response': options.bot ?? 'test' }),
    ...body,
  });
};
const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const cabinet = (token: string, path: string) => as(token, request(t.app).get(path));
const act = (token: string, path: string, body: object = {}) =>
  as(token, request(t.app).post(path).send(body));

const SELECTION = {
  city: 'Москва',
  homesPropertyType: 1,
  roadToMetro: 1,
  notMoreMinutes: 20,
  priceRange: { minValue: 10_000, maxValue: 100_000 },
  roomsCount: [1, 2],
  homeSquare: 50,
  kitchenSquare: 9,
  wishes: 'Рядом школа',
};
const VALUATION = {
  square: 54,
  numberOfRooms: 2,
  floor: 5,
  repair: 'cosmetic',
  houseType: 'brick',
  area: 'Хамовники',
  address: 'Москва, ул. Льва Толстого, 16',
  time: 'soon',
};
/** what each kind needs beyond name and phone */
const EXTRA: Record<LeadKind, Record<string, unknown>> = {
  callback: {},
  credit: { text: 'Ипотека на двухкомнатную квартиру' },
  question: { text: 'Можно ли с материнским капиталом?' },
  'house-selection': { text: '', selection: SELECTION },
  'wallet-invoice': { text: 'Счёт на 50 000 ₽ для ООО «Ромашка»' },
  'investment-feedback': { text: 'Интересует объект в Казани' },
  subscription: { text: 'Подписка на базу объявлений' },
  valuation: { valuation: VALUATION },
};

beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: { LEADS_INBOX: INBOX, LEADS_LIMIT_PER_IP: '4', LEADS_LIMIT_PER_PHONE: '3' },
  });
  const agency = await createAgency(t.ctx, 'leads', '71');
  await registerSiteUsers(
    t.ctx,
    { userId: 'leads-user', name: 'Пётр', phone: USER_PHONE },
    { userId: 'moderator', name: 'Модератор Анна', phone: '79990000000' },
  );
  moderator = await signIn(t, '79990000000');
  user = await signIn(t, USER_PHONE);
  agent = await signIn(t, agency.agentPhone);
});
afterAll(() => t.close());

describe('api.md: "A request error with errorCode 6 means phone verification is needed"', () => {
  it('refuses a phone not confirmed, records nothing and sends no letter', async () => {
    const before = (await request(t.app).get('/api/dev/email').query({ to: INBOX })).body.data.length;
    const res = await send({ phone: '79162230010' }).expect(403);
    expect(res.body).toMatchObject({
      errorCode: 6,
      errors: { phone: ['Подтвердите номер телефона кодом из СМС'] },
    });
    expect((await send({ phone: '79162230010' }, { trust: 'x'.repeat(43) }).expect(403)).body.errorCode).toBe(
      6,
    );
    // a token of another phone proves nothing
    const other = await trustPhone(t, '79162230011');
    expect((await send({ phone: '79162230010' }, { trust: other }).expect(403)).body.errorCode).toBe(6);
    await settled(t);
    expect((await request(t.app).get('/api/dev/email').query({ to: INBOX })).body.data).toHaveLength(before);
    expect(await t.ctx.readStore.collection('leads').countDocuments({ phone: '79162230010' })).toBe(0);
  });

  it('takes the lead with the trust token of an SMS code check', async () => {
    const trust = await trustPhone(t, '79162230012');
    const res = await send({ phone: '+7 (916) 223-00-12', kind: 'callback' }, { trust }).expect(201);
    expect(res.body.data).toMatchObject({ kind: 'callback', status: 'new' });
  });

  it('needs no code from a signed-in user sending their own phone; another phone still needs one', async () => {
    const res = await send(
      { phone: USER_PHONE, kind: 'question', text: 'Есть вопрос' },
      { token: user },
    ).expect(201);
    await t.ctx.projections.whenCaughtUp();
    const lead = await cabinet(moderator, `/api/cabinet/leads/${res.body.data.id}`).expect(200);
    expect(lead.body).toMatchObject({
      userId: 'leads-user',
      phoneConfirmedBy: 'account',
      kindName: 'Вопрос',
    });
    expect((await send({ phone: '79162230013' }, { token: user }).expect(403)).body.errorCode).toBe(6);
  });

  it('needs the bot check', async () => {
    const res = await send({ phone: USER_PHONE }, { token: user, bot: null }).expect(400);
    expect(res.body.errors).toHaveProperty(['g-recaptcha-response']);
  });
});

describe('every kind of lead, with the campaign label appended and a letter to the inbox', () => {
  it.each(LEAD_KINDS.map((kind, i) => [kind, i] as const))('%s', async (kind, i) => {
    const phone = `7916224${String(i).padStart(4, '0')}`;
    const trust = await trustPhone(t, phone);
    const res = await send(
      { kind, phone, name: 'Анна-Мария', campaignLabel: `utm-${kind}`, ...EXTRA[kind] },
      { trust },
    ).expect(201);
    const id = res.body.data.id as string;
    await settled(t); // the letter follows the fact: the reactor queues it, the worker sends it
    const letters = await lettersTo(t, INBOX);
    const letter = letters.find((l) => l.text.includes(`/leads/${id}/`));
    expect(letter).toBeDefined();
    expect(letter!.text).toContain(`Метка кампании: utm-${kind}`);
    expect(letter!.text).toContain('+' + phone);
    await t.ctx.projections.whenCaughtUp();
    const lead = (await cabinet(moderator, `/api/cabinet/leads/${id}`).expect(200)).body;
    expect(lead).toMatchObject({
      kind,
      status: 'new',
      campaignLabel: `utm-${kind}`,
      phone,
      phoneConfirmedBy: 'sms',
    });
    expect(lead.text.endsWith(`Метка кампании: utm-${kind}`)).toBe(true);
    const selection = kind === 'house-selection';
    expect(lead.selection).toEqual(selection ? SELECTION : null);
    for (const line of ['Город: Москва', 'Комнат: 1–2, 3–4'])
      expect(letter!.text.includes(line)).toBe(selection);
    expect(lead.valuation).toEqual(kind === 'valuation' ? VALUATION : null);
  });

  it('a lead without a kind is a call-back request (the spec’s client sends none)', async () => {
    const res = await send({ phone: USER_PHONE, text: 'Перезвоните' }, { token: user }).expect(201);
    expect(res.body.data.kind).toBe('callback');
  });
});

describe('bad inputs are errorCode 1 with Russian field errors', () => {
  const bad = async (body: Record<string, unknown>) => {
    const res = await send({ phone: USER_PHONE, ...body }, { token: user }).expect(400);
    expect(res.body.errorCode).toBe(1);
    return res.body.errors as Record<string, string[]>;
  };

  it('an unknown kind', async () => {
    expect((await bad({ kind: 'lottery' })).kind[0]).toMatch(/^Вид заявки: callback, credit/);
  });

  it('a name, a phone, a text out of bounds', async () => {
    expect(await bad({ name: 'М' })).toEqual({ name: ['Минимум 2 буквы'] });
    expect(await bad({ name: 'R2D2' })).toEqual({ name: ['Имя может содержать только буквы'] });
    expect(await bad({ phone: '12345' })).toEqual({ phone: ['Неверный формат телефона'] });
    expect(await bad({ text: 'а'.repeat(2001) })).toEqual({ text: ['Не больше 2 000 символов'] });
    expect(await bad({ kind: 'question', text: '  ' })).toEqual({ text: ['Напишите ваш вопрос'] });
  });

  it('a selection request without its fields, or with fields the form refuses', async () => {
    expect(await bad({ kind: 'house-selection' })).toEqual({ selection: ['Заполните параметры подбора'] });
    const errors = await bad({
      kind: 'house-selection',
      selection: { ...SELECTION, city: 'М', homeSquare: 0, roomsCount: [], wishes: 'да', notMoreMinutes: 15 },
    });
    expect(errors).toEqual({
      'selection.city': ['Минимум 2 символа'],
      'selection.homeSquare': ['Не меньше 1 м²'],
      'selection.roomsCount': ['Выберите количество комнат'],
      'selection.wishes': ['Минимум 3 символа'],
      'selection.notMoreMinutes': ['Не больше: 10, 20, 30, 60, 90 или 120 минут'],
    });
    expect(await bad({ kind: 'valuation' })).toEqual({ valuation: ['Заполните параметры квартиры'] });
  });
});

describe('limits: per phone a day and per IP an hour (429 with the spec’s text)', () => {
  it('refuses a phone’s fourth lead', async () => {
    const phone = '79162230020';
    const trust = await trustPhone(t, phone);
    // each a request of its own: the same one again is not a new lead (below)
    for (let i = 0; i < 3; i++) await send({ phone, text: `Перезвоните ${i}` }, { trust }).expect(201);
    const res = await send({ phone, text: 'Перезвоните 3' }, { trust }).expect(429);
    expect(res.body).toMatchObject({ errorCode: 108, message: TOO_MANY });
  });

  it('refuses an address’s fifth lead, whatever the phone', async () => {
    const ip = '192.0.2.77';
    const phones = ['79162230031', '79162230032', '79162230033', '79162230034', '79162230035'];
    for (const phone of phones.slice(0, 4))
      await send({ phone }, { ip, trust: await trustPhone(t, phone) }).expect(201);
    const res = await send({ phone: phones[4] }, { ip, trust: await trustPhone(t, phones[4]) }).expect(429);
    expect(res.body.message).toBe(TOO_MANY);
  });
});

describe('the moderators’ leads: /api/cabinet/leads (react-admin simple-rest)', () => {
  let leadId: string;

  beforeAll(async () => {
    const trust = await trustPhone(t, '79162230040');
    leadId = (await send({ phone: '79162230040', kind: 'credit', text: 'Ипотека' }, { trust }).expect(201))
      .body.data.id;
    await t.ctx.projections.whenCaughtUp();
  });

  it('lists by kind and status, sorted and paged, with Content-Range', async () => {
    const all = await cabinet(moderator, '/api/cabinet/leads?range=[0,99]').expect(200);
    const total = all.body.length as number;
    expect(all.headers['content-range']).toBe(`leads 0-${total - 1}/${total}`);
    const credits = await cabinet(
      moderator,
      `/api/cabinet/leads?filter=${encodeURIComponent('{"kind":"credit","status":"new"}')}&sort=["receivedAt","DESC"]&range=[0,0]`,
    ).expect(200);
    expect(credits.body).toHaveLength(1);
    expect(credits.body[0]).toMatchObject({
      id: leadId,
      kind: 'credit',
      kindName: 'Заявка на ипотеку',
      statusName: 'Новая',
    });
    const creditCount = (all.body as { kind: string }[]).filter((l) => l.kind === 'credit').length;
    expect(credits.headers['content-range']).toBe(`leads 0-0/${creditCount}`);
    const byName = await cabinet(moderator, '/api/cabinet/leads?sort=["name","ASC"]&range=[0,99]').expect(
      200,
    );
    const names = (byName.body as { name: string }[]).map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byPhone = await cabinet(
      moderator,
      `/api/cabinet/leads?filter=${encodeURIComponent('{"phone":"+7 (916) 223-00-40"}')}`,
    ).expect(200);
    expect(byPhone.body.map((l: { id: string }) => l.id)).toEqual([leadId]);
  });

  it('refuses a bad filter', async () => {
    const res = await cabinet(
      moderator,
      `/api/cabinet/leads?filter=${encodeURIComponent('{"kind":"lottery"}')}`,
    ).expect(400);
    expect(res.body.errorCode).toBe(1);
  });

  it('takes, notes, hands over and closes a lead, each step with its moderator in the history', async () => {
    const taken = await act(moderator, `/api/cabinet/leads/${leadId}/take`).expect(200);
    expect(taken.body.data).toMatchObject({
      status: 'in-work',
      statusName: 'В работе',
      takenBy: { id: 'moderator', name: 'Модератор Анна' },
    });
    const noted = await act(moderator, `/api/cabinet/leads/${leadId}/notes`, {
      text: 'Не дозвонились',
    }).expect(201);
    expect(noted.body.data).toMatchObject({ notesCount: 1, lastNote: 'Не дозвонились' });
    const mine = await cabinet(
      moderator,
      `/api/cabinet/leads?filter=${encodeURIComponent('{"takenBy":"moderator"}')}`,
    );
    expect(mine.body.map((l: { id: string }) => l.id)).toEqual([leadId]);
    expect(
      (await act(moderator, `/api/cabinet/leads/${leadId}/notes`, { text: ' ' }).expect(400)).body.errors,
    ).toEqual({
      text: ['Напишите заметку'],
    });
    const done = await act(moderator, `/api/cabinet/leads/${leadId}/done`).expect(200);
    expect(done.body.data).toMatchObject({
      status: 'done',
      closedBy: { id: 'moderator', name: 'Модератор Анна' },
    });
    const detail = await cabinet(moderator, `/api/cabinet/leads/${leadId}`).expect(200);
    expect(
      detail.body.history.map(
        (h: { action: string; moderator: { id: string } | null; text: string | null }) => [
          h.action,
          h.moderator?.id ?? null,
          h.text,
        ],
      ),
    ).toEqual([
      ['received', null, null],
      ['taken', 'moderator', null],
      ['note', 'moderator', 'Не дозвонились'],
      ['done', 'moderator', null],
    ]);
    // a done lead is not spam, nor taken again; done again changes nothing
    expect((await act(moderator, `/api/cabinet/leads/${leadId}/spam`).expect(422)).body.errorCode).toBe(104);
    expect((await act(moderator, `/api/cabinet/leads/${leadId}/take`).expect(422)).body.message).toBe(
      'Заявка уже закрыта',
    );
    await act(moderator, `/api/cabinet/leads/${leadId}/done`).expect(200);
  });

  it('marks a lead spam', async () => {
    const trust = await trustPhone(t, '79162230041');
    const id = (await send({ phone: '79162230041', name: 'Спам' }, { trust }).expect(201)).body.data.id;
    await t.ctx.projections.whenCaughtUp();
    const res = await act(moderator, `/api/cabinet/leads/${id}/spam`).expect(200);
    expect(res.body.data).toMatchObject({ status: 'spam', statusName: 'Спам', takenBy: null });
    const spam = await cabinet(
      moderator,
      `/api/cabinet/leads?filter=${encodeURIComponent('{"status":"spam"}')}`,
    ).expect(200);
    expect(spam.body.map((l: { id: string }) => l.id)).toEqual([id]);
  });

  it('answers 404 for a lead that does not exist', async () => {
    for (const answer of [
      await cabinet(moderator, '/api/cabinet/leads/no-such-lead'),
      await act(moderator, '/api/cabinet/leads/no-such-lead/take'),
    ])
      expect([answer.status, answer.body.errorCode]).toEqual([404, 100]);
  });

  it('is for moderators only: 403 for a user and an agent, 401 without a session', async () => {
    for (const token of [user, agent]) {
      expect((await cabinet(token, '/api/cabinet/leads').expect(403)).body.errorCode).toBe(102);
      await cabinet(token, `/api/cabinet/leads/${leadId}`).expect(403);
      for (const verb of ['take', 'done', 'spam'])
        await act(token, `/api/cabinet/leads/${leadId}/${verb}`).expect(403);
      await act(token, `/api/cabinet/leads/${leadId}/notes`, { text: 'Заметка' }).expect(403);
    }
    await request(t.app).get('/api/cabinet/leads').expect(401);
  });
});

describe('the same request again is one lead (docs/decisions.md)', () => {
  it('answers the first lead to a repeat within 10 minutes, however its text is spaced; another text is new', async () => {
    const phone = '79162230070';
    const trust = await trustPhone(t, phone);
    const first = (await send({ phone, text: 'Перезвоните  после обеда' }, { trust }).expect(201)).body.data;
    const again = (await send({ phone, text: ' перезвоните после обеда ' }, { trust }).expect(201)).body.data;
    expect(again).toEqual(first);
    const other = (
      await send({ phone, kind: 'question', text: 'Перезвоните после обеда' }, { trust }).expect(201)
    ).body.data;
    expect(other.id).not.toBe(first.id);
    await t.ctx.projections.whenCaughtUp();
    expect(await t.ctx.readStore.collection('leads').countDocuments({ phone })).toBe(2);
    // 20 minutes on, the same request is a new lead
    t.clock.advance(20 * 60_000);
    const later = (
      await send({ phone, text: 'Перезвоните после обеда' }, { trust: await trustPhone(t, phone) }).expect(
        201,
      )
    ).body.data;
    expect(later.id).not.toBe(first.id);
  });

  it('makes one lead of two sends at the same moment', async () => {
    const phone = '79162230071';
    const trust = await trustPhone(t, phone);
    const [a, b] = await Promise.all([
      send({ phone, text: 'Звоните вечером' }, { trust }),
      send({ phone, text: 'Звоните вечером' }, { trust }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.id).toBe(a.body.data.id);
    await t.ctx.projections.whenCaughtUp();
    expect(await t.ctx.readStore.collection('leads').countDocuments({ phone })).toBe(1);
  });
});

describe('a moderator’s answer reaches the person (issue 17, item 6)', () => {
  const smsTo = async (phone: string) => {
    await settled(t);
    return (await request(t.app).get('/api/dev/sms').query({ phone }).expect(200)).body.data as {
      text: string;
    }[];
  };
  const ANSWER = 'Нашли три квартиры по вашим условиям, ждём вашего звонка';

  it('sends an SMS to a visitor without an account; the history names the moderator', async () => {
    const phone = '79162230080';
    const trust = await trustPhone(t, phone);
    const id = (
      await send({ phone, kind: 'house-selection', selection: SELECTION, text: '' }, { trust }).expect(201)
    ).body.data.id;
    await t.ctx.projections.whenCaughtUp();
    const res = await act(moderator, `/api/cabinet/leads/${id}/answer`, { text: ANSWER }).expect(201);
    expect(res.body.data).toMatchObject({ status: 'new', lastAnswer: ANSWER });
    expect(res.body.data.history.at(-1)).toMatchObject({
      action: 'answer',
      moderator: { id: 'moderator', name: 'Модератор Анна' },
      text: ANSWER,
    });
    const [sms] = await smsTo(phone);
    expect(sms.text).toBe(`Ответ на вашу заявку «Подбор квартиры»: ${ANSWER}`);
  });

  it('marks done with an answer: an SMS and a letter to the account of the phone, as its switches allow', async () => {
    const phone = '79162230081';
    const email = 'answer-me@test.local';
    await registerSiteUser(t.ctx, { userId: 'answer-user', name: 'Ирина', phone, email });
    const token = await signIn(t, phone);
    const smsBefore = (await smsTo(phone)).length;
    const id = (await send({ phone, name: 'Ирина', kind: 'credit', text: 'Ипотека' }, { token }).expect(201))
      .body.data.id;
    await t.ctx.projections.whenCaughtUp();
    const done = await act(moderator, `/api/cabinet/leads/${id}/done`, { answer: ANSWER }).expect(200);
    expect(done.body.data).toMatchObject({ status: 'done', lastAnswer: ANSWER });
    expect(done.body.data.history.slice(-2).map((h: { action: string }) => h.action)).toEqual([
      'answer',
      'done',
    ]);
    const [letter] = await lettersTo(t, email);
    expect(letter.subject).toBe('Ответ на вашу заявку: Заявка на ипотеку');
    expect(letter.text).toContain('Здравствуйте, Ирина!');
    expect(letter.text).toContain(ANSWER);
    expect(await smsTo(phone)).toHaveLength(smsBefore + 1);

    // SMS switched off: the next answer is a letter only
    await changeUser(t.ctx, 'answer-user', {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveSmsNotifications: false },
    });
    await act(moderator, `/api/cabinet/leads/${id}/answer`, { text: 'Ещё одно уточнение' }).expect(201);
    expect(await lettersTo(t, email, 2)).toHaveLength(2);
    expect(await smsTo(phone)).toHaveLength(smsBefore + 1);

    // every notice off: nothing at all
    await changeUser(t.ctx, 'answer-user', {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveNotifications: false },
    });
    await act(moderator, `/api/cabinet/leads/${id}/answer`, { text: 'Последнее уточнение' }).expect(201);
    await settled(t);
    expect((await request(t.app).get('/api/dev/email').query({ to: email })).body.data).toHaveLength(2);
    expect(await smsTo(phone)).toHaveLength(smsBefore + 1);
  });

  it('refuses an empty or too long answer, a lead marked spam, and anyone but a moderator', async () => {
    const phone = '79162230082';
    const trust = await trustPhone(t, phone);
    const id = (await send({ phone, text: 'Купите слона' }, { trust }).expect(201)).body.data.id;
    await t.ctx.projections.whenCaughtUp();
    expect(
      (await act(moderator, `/api/cabinet/leads/${id}/answer`, { text: ' ' }).expect(400)).body.errors,
    ).toEqual({ text: ['Напишите ответ'] });
    expect(
      (await act(moderator, `/api/cabinet/leads/${id}/answer`, { text: 'а'.repeat(501) }).expect(400)).body
        .errors,
    ).toEqual({ text: ['Не больше 500 символов'] });
    for (const token of [user, agent])
      await act(token, `/api/cabinet/leads/${id}/answer`, { text: ANSWER }).expect(403);
    await act(moderator, `/api/cabinet/leads/${id}/spam`).expect(200);
    const refused = await act(moderator, `/api/cabinet/leads/${id}/answer`, { text: ANSWER }).expect(422);
    expect(refused.body.message).toBe('Заявка отмечена как спам: ответ не отправляется');
    expect(await smsTo(phone)).toHaveLength(1); // the code only
  });
});

describe('demo leads tell nobody', () => {
  it('records them with their moderator’s work and sends no letter, nor the answer’s SMS', async () => {
    await settled(t);
    const before = (await request(t.app).get('/api/dev/email').query({ to: INBOX })).body.data.length;
    await seedDemoLeads(t.ctx, { userId: 'moderator', name: 'Модератор Анна' });
    await settled(t);
    expect((await request(t.app).get('/api/dev/email').query({ to: INBOX })).body.data).toHaveLength(before);
    // the fourth demo lead was answered: its phone got nothing
    expect((await request(t.app).get('/api/dev/sms').query({ phone: '79161110004' })).body.data).toEqual([]);
    const selections = await cabinet(
      moderator,
      `/api/cabinet/leads?filter=${encodeURIComponent('{"kind":"house-selection","status":"new"}')}&range=[0,99]`,
    ).expect(200);
    expect(selections.body.some((l: { name: string }) => l.name === 'Дмитрий')).toBe(true);
  });
});
