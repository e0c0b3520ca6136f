/**
 * The texts of one's own profile (issue 40, item 7), the site's words (web/src/account/profile): they
 * come with the screen's chunk (profile/index.ts), so the dashboard's entry does not carry them.
 */
export const profileMessages = {
  profile: {
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
  },
};
