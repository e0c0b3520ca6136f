import type { SiteContacts } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { settingsDecider, type SettingsEvent } from './settings';
import { MODERATOR_ID as moderatorId } from './testing';

const given = deciderSpec(settingsDecider);
const contacts: SiteContacts = {
  phone: '78005550123',
  email: 'info@demo.estate',
  address: 'Москва, ул. Тверская, 7',
  workingHours: 'Ежедневно с 9 до 21',
  messengers: [{ type: 'telegram', url: 'https://t.me/demo' }],
  socials: [{ type: 'vk', url: 'https://vk.com/demo' }],
  policyUrl: '/documents/politika-konfidencialnosti',
  documents: [],
};
const changed: SettingsEvent = { type: 'SiteContactsChanged', data: { moderatorId, contacts } };

describe('the site settings', () => {
  it('record the contacts a moderator sets, and nothing for the same contacts again', () => {
    given([]).when({ type: 'ChangeContacts', moderatorId, contacts }).then([changed]);
    given([changed]).when({ type: 'ChangeContacts', moderatorId: 'm2', contacts }).then([]);
    const moved = { ...contacts, address: 'Москва, ул. Арбат, 1' };
    given([changed])
      .when({ type: 'ChangeContacts', moderatorId: 'm2', contacts: moved })
      .then([{ type: 'SiteContactsChanged', data: { moderatorId: 'm2', contacts: moved } }]);
  });

  it('keep each section apart: the location settings change nothing else', () => {
    const settings = { defaultLocationId: '2', mapCenter: { lat: 59.93, lon: 30.31 } };
    given([changed])
      .when({ type: 'ChangeLocationSettings', moderatorId, settings })
      .then([{ type: 'LocationSettingsChanged', data: { moderatorId, settings } }]);
  });

  it('record the investment figures and the deal offer', () => {
    const statistics = {
      text: 'Доходность от 30% годовых',
      deal: { count: 3500, text: 'сделок' },
      client: { count: 1200, text: 'клиентов' },
      commission: { count: 0, text: 'комиссии' },
    };
    given([])
      .when({ type: 'ChangeInvestmentStatistics', moderatorId, statistics })
      .then([{ type: 'InvestmentStatisticsChanged', data: { moderatorId, statistics } }]);
    const transactionDeal = {
      title: 'Сопровождение',
      text: '<p>Под ключ</p>',
      price: 'от 25 000 ₽',
      steps: [],
      buttonTitle: '',
    };
    const dealChanged: SettingsEvent = {
      type: 'TransactionDealChanged',
      data: { moderatorId, transactionDeal },
    };
    given([]).when({ type: 'ChangeTransactionDeal', moderatorId, transactionDeal }).then([dealChanged]);
    given([dealChanged]).when({ type: 'ChangeTransactionDeal', moderatorId, transactionDeal }).then([]);
  });
});
