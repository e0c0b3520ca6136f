import type { SlideDetails } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { slideDecider, type SlideEvent } from './slide';
import { AT as at, MODERATOR_ID as moderatorId, createCommand } from './testing';

const given = deciderSpec(slideDecider);
const details: SlideDetails = {
  title: 'Новостройки от застройщиков',
  subtitle: 'Сроки сдачи и цены',
  buttonTitle: 'Смотреть',
  link: '/new-buildings',
  buttonColor: '#3c7dd9',
  fontColor: '#ffffff',
  backgroundImagePath: '/storage/demo-content/slide-1.svg',
  position: 1,
};
const created: SlideEvent = { type: 'SlideCreated', data: { slideId: 's1', moderatorId, details } };
const published: SlideEvent = {
  type: 'SlidePublished',
  data: { slideId: 's1', moderatorId, publishedAt: at },
};

describe('a slide', () => {
  it('is created and published', () =>
    given([])
      .when(createCommand('s1', details, true))
      .then([created, published]));

  it('has a button only with a link, and a link only with a button', () => {
    given([])
      .when(createCommand('s1', { ...details, link: null }))
      .thenThrows('INVALID_DATA');
    given([])
      .when(createCommand('s1', { ...details, buttonTitle: '' }))
      .thenThrows('INVALID_DATA');
    const plain = { ...details, buttonTitle: '', link: null };
    given([])
      .when(createCommand('s1', plain))
      .then([{ type: 'SlideCreated', data: { slideId: 's1', moderatorId, details: plain } }]);
  });

  it('moves in the slider, is hidden and deleted', () => {
    const second = { ...details, position: 2 };
    given([created, published])
      .when({ type: 'Edit', moderatorId, details: second, at })
      .then([{ type: 'SlideEdited', data: { slideId: 's1', moderatorId, details: second } }]);
    given([created, published])
      .when({ type: 'Hide', moderatorId })
      .then([{ type: 'SlideHidden', data: { slideId: 's1', moderatorId } }]);
    given([created, published])
      .when({ type: 'Delete', moderatorId })
      .then([{ type: 'SlideDeleted', data: { slideId: 's1', moderatorId } }]);
  });
});
