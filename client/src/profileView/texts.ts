/**
 * The words of one's own profile, the site's and the cabinet's alike (the cabinet passes them through
 * its i18n, whose messages these are). `%{email}` is filled in where the text is shown.
 */
export const PROFILE_TEXTS = {
  title: 'Профиль',
  photo: 'Фото',
  upload: 'Загрузить фото',
  file: 'Файл фото',
  photoHint: 'JPG или PNG, до 10 МБ',
  name: 'Имя',
  fullName: 'ФИО',
  save: 'Сохранить',
  nameSaved: 'Имя сохранено',
  phone: 'Телефон',
  newPhoneTitle: 'Новый телефон',
  changePhone: 'Изменить номер',
  newPhone: 'Новый номер',
  getCode: 'Получить код',
  cancel: 'Отмена',
  email: 'Электронная почта',
  noEmail: 'не указана',
  confirmed: 'Подтверждена',
  unconfirmed: 'Не подтверждена',
  sendLink: 'Отправить ссылку',
  linkSent: 'Письмо со ссылкой отправлено на %{email}',
  newEmail: 'Новый адрес',
  changeEmail: 'Изменить почту',
  notifications: 'Уведомления',
  switches: {
    canReceiveNotifications: 'Получать уведомления',
    canReceiveSmsNotifications: 'СМС-уведомления',
    canReceiveEmailNotifications: 'Уведомления на почту',
    canReceiveTariffNotifications: 'Уведомления об окончании тарифа',
  },
  failed: 'Не удалось сохранить',
};

export type ProfileTexts = typeof PROFILE_TEXTS;

/** The words of one's own data on the site's profile: a copy of it, and the account's erasure. */
export const MY_DATA_TEXTS = {
  title: 'Мои данные',
  copyHint:
    'Всё, что сайт хранит о вас: профиль, избранное, поиски, бронирования, сообщения и заявки, в файле JSON.',
  download: 'Скачать мои данные',
  erase: 'Удалить аккаунт',
  eraseWarning:
    'Аккаунт и все ваши персональные данные будут удалены безвозвратно: имя, телефон, почта, фото, сообщения и заявки. Для подтверждения отправим код на номер %{phone}.',
  getCode: 'Получить код',
  cancel: 'Отмена',
  failed: 'Не удалось выполнить запрос',
};
