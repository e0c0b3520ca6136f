/** The site's sections: the header's links (wide screens) and the phone's menu. */
export const NAV = [
  { to: '/baza-kvartir', label: 'База квартир' },
  { to: '/prodazha', label: 'Продажа' },
  { to: '/rent', label: 'Аренда' },
  { to: '/daily-rent', label: 'Посуточно' },
  { to: '/new-buildings', label: 'Новостройки' },
  { to: '/blog', label: 'Журнал' },
  { to: '/investments', label: 'Инвестиции' },
];
