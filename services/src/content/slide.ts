import { commandHandler } from '../core/decider';
import type { EventOf, SlideDetails } from '@estate/events';
import { DomainError } from '../core/errors';
import { publishableDecider, type ItemCommand, type ItemState } from './publishable';

/** A slide of the home page's promotions slider: `slide-<id>`. */
export type SlideEvent =
  | EventOf<'SlideCreated'>
  | EventOf<'SlideEdited'>
  | EventOf<'SlidePublished'>
  | EventOf<'SlideHidden'>
  | EventOf<'SlideDeleted'>;
export type Slide = ItemState<SlideDetails>;
export type SlideCommand = ItemCommand<SlideDetails>;

export const slideStream = (id: string) => `slide-${id}`;

export const slideDecider = publishableDecider<SlideDetails, SlideEvent>({
  names: {
    created: 'SlideCreated',
    edited: 'SlideEdited',
    published: 'SlidePublished',
    hidden: 'SlideHidden',
    deleted: 'SlideDeleted',
  },
  idKey: 'slideId',
  notFound: 'Слайд не найден',
  check(details) {
    // a button leads somewhere, and a link is shown as a button
    if (Boolean(details.buttonTitle) !== Boolean(details.link))
      throw new DomainError('INVALID_DATA', undefined, {
        [details.link ? 'buttonTitle' : 'link']: [
          details.link ? 'Напишите текст кнопки' : 'Укажите, куда ведёт кнопка',
        ],
      });
  },
});

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleSlide = commandHandler(slideDecider, slideStream);
