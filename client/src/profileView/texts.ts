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
