/** The request forms the site offers everywhere, each's texts in one place (product.md; api.md Forms). */

/** popup-phone: product.md, "a callback request form promises that a specialist contacts the user within 15 minutes" */
export const CALLBACK_FORM = {
  kind: 'callback',
  title: 'Заказать звонок',
  subtitle: 'Оставьте номер, и специалист перезвонит Вам в течение 15 минут',
  submitLabel: 'Жду звонка',
  successText: 'Спасибо! Специалист перезвонит Вам в течение 15 минут.',
} as const;

/** the question form (a lead of kind question): its text is required */
export const QUESTION_FORM = {
  kind: 'question',
  title: 'Задать вопрос',
  subtitle: 'Напишите вопрос, и специалист ответит Вам по телефону',
  textLabel: 'Ваш вопрос',
  textRequired: true,
  submitLabel: 'Отправить вопрос',
  successText: 'Спасибо! Специалист свяжется с Вами и ответит на вопрос.',
} as const;
